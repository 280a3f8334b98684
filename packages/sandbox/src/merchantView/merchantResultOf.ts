import { paymentOverallResult, statusFamilyOf } from '@pasarela/core';

export type MerchantResult = 'APPROVED' | 'PENDING' | 'DECLINED';

/**
 * PRODUCT.md "Merchant server integration": SPEC 4's overall result read with the auth status, so a
 * payment declined, timed out or cancelled (which SPEC's tables call pending for Yappy's 0) is DECLINED:
 * a merchant must not wait for a payment that can no longer come. An unlisted code is DECLINED too.
 */
export function merchantResultOf(tx: { method: string; status: number; authStatus: string }): MerchantResult {
  const overall = paymentOverallResult(statusFamilyOf(tx.method), tx.status, tx.authStatus);
  return overall === 'APPROVED' || overall === 'PENDING' ? overall : 'DECLINED';
}
