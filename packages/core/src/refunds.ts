import { CRYPTO_DECIMALS } from './crypto';
import { paymentOverallResult, statusFamilyOf } from './status';

// PRODUCT.md "Merchant server integration": refunds (`amount?`; absent = what remains). Issue 49:
// "full and partial, several partials up to what was paid: card through the card processor port,
// balance back to the wallet, Nequi and Yappy through the push wallet port, crypto through the
// crypto processor port; where a method cannot be refunded (a cash voucher paid at a kiosk, say),
// a clear refusal that says so".

/** How a payment's money goes back: through its gateway's port, or (the wallet's balance) in Pasarela's own ledger. */
type RefundPath = 'card' | 'push' | 'crypto' | 'balance';

/** Why a refund is refused, before any money moves. */
export type RefundRefusal =
  /** The method has no way back to the payer (a cash voucher, a Clave bank transfer). */
  | 'method_not_refundable'
  /** Nothing was paid yet: the payment is to be voided instead. */
  | 'payment_pending'
  /** The payment was declined, expired or called off: nothing was paid. */
  | 'payment_declined'
  /** Refunds hold or gave back everything that was paid. */
  | 'fully_refunded'
  /** The amount asked is more than what remains, or not a positive number of cents. */
  | 'exceeds_remaining'
  | 'amount_not_positive';

/** The way back of a method id (SPEC 4's status families); undefined where there is none. */
export function refundPathOf(method: string): RefundPath | undefined {
  switch (statusFamilyOf(method)) {
    case 'card': return 'card';
    case 'nequi': case 'yappy': return 'push';
    case 'crypto': return 'crypto';
    case 'balance': return 'balance';
    default: return undefined;
  }
}

/** A payment as the refund rule reads it: what was paid and what refunds already hold (pending) or gave (made). */
export interface RefundablePayment {
  method: string;
  status: number;
  authStatus: string | null;
  paidCents: number;
  heldCents: number;
}

/** A refund's state: `pending` while its gateway's word is awaited, then `succeeded` or `failed`. */
export type RefundState = 'pending' | 'succeeded' | 'failed';

/**
 * What a payment's refunds hold of what was paid: the ones that went through and the pending ones
 * (their gateway may still make them), never the failed ones (their part is free again).
 */
export function heldCentsOf(refunds: readonly { amountCents: number; state: RefundState }[]): number {
  return refunds.reduce((sum, r) => (r.state === 'failed' ? sum : sum + r.amountCents), 0);
}

/** What a refund may still give back: what was paid less what refunds hold or gave, never below 0. */
export function refundableCents(payment: Pick<RefundablePayment, 'paidCents' | 'heldCents'>): number {
  return Math.max(0, payment.paidCents - payment.heldCents);
}

/**
 * The refund of `amountCents` (undefined: all that remains) of a payment: the cents it gives back,
 * or why it is refused. Only an approved payment (SPEC 4 overall result) of a method with a way
 * back is refunded; several partial refunds may follow each other, each within what remains.
 */
export function refundCheck(payment: RefundablePayment, amountCents: number | undefined): { cents: number } | { refusal: RefundRefusal } {
  if (!refundPathOf(payment.method)) return { refusal: 'method_not_refundable' };
  const result = paymentOverallResult(statusFamilyOf(payment.method), payment.status, payment.authStatus);
  if (result === 'PENDING') return { refusal: 'payment_pending' };
  if (result !== 'APPROVED') return { refusal: 'payment_declined' };
  const remaining = refundableCents(payment);
  if (remaining === 0) return { refusal: 'fully_refunded' };
  const cents = amountCents ?? remaining;
  if (!Number.isInteger(cents) || cents <= 0) return { refusal: 'amount_not_positive' };
  return cents > remaining ? { refusal: 'exceeds_remaining' } : { cents };
}

const coinUnits = (amount: number) => Math.round(amount * 10 ** CRYPTO_DECIMALS);

/**
 * The coins a crypto refund of `cents` sends back: its share of the coins received, measured from
 * what earlier refunds hold, so that the partial refunds of a payment add up to exactly the coins
 * received (each share is the difference of two rounded running totals, to CRYPTO_DECIMALS).
 */
export function cryptoRefundCoins(payment: { paidCrypto: number; paidCents: number; heldCents: number }, cents: number): number {
  if (payment.paidCents <= 0) return 0;
  const units = coinUnits(payment.paidCrypto);
  const upTo = (c: number) => Math.round((units * Math.min(c, payment.paidCents)) / payment.paidCents);
  return (upTo(payment.heldCents + cents) - upTo(payment.heldCents)) / 10 ** CRYPTO_DECIMALS;
}
