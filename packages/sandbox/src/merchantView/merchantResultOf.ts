import { paymentOverallResult, statusFamilyOf } from '@pasarela/core';

export type MerchantResult = 'APPROVED' | 'PENDING' | 'DECLINED';

/**
 * What a merchant's server hears (PRODUCT.md "Merchant server integration"): core's
 * paymentOverallResult, SPEC 4's overall result for the method's status read with its auth status,
 * the same word the receipt, the tx result and the return page show. SPEC's display tables call a
 * Yappy 0 pending and do not list Nequi's 0, so a payment that was declined, timed out or cancelled
 * is DECLINED from its auth status: a merchant must not wait for a payment that can no longer come.
 * A code no table lists (ERROR) is DECLINED too.
 */
export function merchantResultOf(tx: { method: string; status: number; authStatus: string }): MerchantResult {
  const overall = paymentOverallResult(statusFamilyOf(tx.method), tx.status, tx.authStatus);
  return overall === 'APPROVED' || overall === 'PENDING' ? overall : 'DECLINED';
}
