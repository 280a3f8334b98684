import { CANCELLED_AUTH_STATUS } from './status';

/**
 * Why a payment was called off before it was paid, as the merchant API and webhooks say it
 * (docs/merchant-api.md `cancelReason`): the payer left it for another way to pay (`payer`), another
 * payment paid its single-use link (`paid_elsewhere`), the merchant voided it (`merchant`), or its
 * hold was not captured in time (`hold_expired`).
 */
export const MERCHANT_CANCEL_REASONS = ['payer', 'paid_elsewhere', 'merchant', 'hold_expired'] as const;
export type MerchantCancelReason = (typeof MERCHANT_CANCEL_REASONS)[number];

/**
 * As recorded (a payment's `details.cancelReason`): the merchant's reasons, and a card's 3DS challenge
 * or a Clave bank page the payer cancelled on that page (`payer_on_issuer_page`), in the browser that
 * shows it, where the plain `payer` was left from the checkout, maybe from another browser.
 */
const CANCEL_REASONS = [...MERCHANT_CANCEL_REASONS, 'payer_on_issuer_page'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

const isCancelReason = (reason: unknown): reason is CancelReason => (CANCEL_REASONS as readonly unknown[]).includes(reason);

export interface CancelledAttempt {
  authStatus: string | null;
  details: Readonly<Record<string, unknown>>;
}

/**
 * Why an attempt was called off; null for one that was not (a decline, an expiry, a payment). An issuer's
 * page cancel recorded before it had a reason of its own reads as one: `payer` with `leftAt: 'issuer_page'`.
 */
export function cancelReasonOf({ authStatus, details }: CancelledAttempt): CancelReason | null {
  if (authStatus !== CANCELLED_AUTH_STATUS) return null;
  const reason = details['cancelReason'];
  if (reason === 'payer' && details['leftAt'] === 'issuer_page') return 'payer_on_issuer_page';
  return isCancelReason(reason) ? reason : null;
}

/** The payer's own call-off, from the checkout or on the issuer's page: neither a decline nor anyone else's. */
export const cancelledByPayer = (reason: CancelReason | null): boolean => reason === 'payer' || reason === 'payer_on_issuer_page';

/** What the merchant is told: a cancel on the issuer's page is the payer's, as the contract has always said. */
export function merchantCancelReasonOf(recorded: unknown): MerchantCancelReason | null {
  if (!isCancelReason(recorded)) return null;
  return recorded === 'payer_on_issuer_page' ? 'payer' : recorded;
}
