import { displayStatusOf, overallResultOfDisplay, statusFamilyOf } from '@pasarela/core';

export type MerchantResult = 'APPROVED' | 'PENDING' | 'DECLINED';

/** Auth statuses after which nothing more will happen to a payment that did not go through. */
const FINAL_FAILURES = new Set(['DECLINED', 'EXPIRED']);

/**
 * What a merchant's server hears (PRODUCT.md "Merchant server integration"): SPEC 4's overall result
 * for the method's status. SPEC's display tables call a Yappy 0 pending and do not list Nequi's 0, so
 * a payment that was declined or timed out is named DECLINED from its auth status: a merchant must
 * not wait for a payment that can no longer come.
 */
export function merchantResultOf(tx: { method: string; status: number; authStatus: string }): MerchantResult {
  const overall = overallResultOfDisplay(displayStatusOf(statusFamilyOf(tx.method), tx.status));
  if (overall === 'APPROVED') return 'APPROVED';
  if (overall === 'PENDING' && !FINAL_FAILURES.has(tx.authStatus)) return 'PENDING';
  return 'DECLINED';
}
