import { CRYPTO_DECIMALS } from './crypto';
import { isWholeInCurrency, type Currency } from './currency';
import { refundRoom, type BookedDispute } from './paymentMoney';
import { paymentOverallResult, statusFamilyOf } from './status';

// Issue 49: several partials up to what was paid; a method with no way back gets a clear refusal.

type RefundPath = 'card' | 'push' | 'crypto' | 'balance';

export type RefundRefusal =
  | 'method_not_refundable'
  | 'payment_pending'
  | 'payment_declined'
  | 'fully_refunded'
  /** Nothing remains because refunds still pending hold it: not refunded yet (docs/merchant-api.md "keeps its part"). */
  | 'held_by_pending_refunds'
  | 'exceeds_remaining'
  | 'amount_not_positive'
  /** Centavos asked of a payment in pesos (issue 93: COP in whole pesos). */
  | 'amount_not_whole'
  /** A dispute is open, or took the money asked for (issue 89). */
  | 'charge_disputed';

export function refundPathOf(method: string): RefundPath | undefined {
  switch (statusFamilyOf(method)) {
    case 'card': return 'card';
    case 'nequi': case 'yappy': return 'push';
    case 'crypto': return 'crypto';
    case 'balance': return 'balance';
    default: return undefined;
  }
}

export interface RefundablePayment {
  method: string;
  status: number;
  authStatus: string | null;
  paidCents: number;
  heldCents: number;
  /** Of heldCents, what refunds still pending hold (core heldCentsOf of the pending ones); absent: none. */
  pendingRefundCents?: number | undefined;
  /** The payment's disputes as the books hold them (core paymentMoney); none: undisputed. */
  disputes?: readonly BookedDispute[] | undefined;
  /** The payment's currency; absent is dollars. */
  currency?: Currency | undefined;
}

export type RefundState = 'pending' | 'succeeded' | 'failed';

/** Pending refunds count (their gateway may still make them); failed ones free their part again. */
export function heldCentsOf(refunds: readonly { amountCents: number; state: RefundState }[]): number {
  return refunds.reduce((sum, r) => (r.state === 'failed' ? sum : sum + r.amountCents), 0);
}

export function refundCheck(payment: RefundablePayment, amountCents: number | undefined): { cents: number } | { refusal: RefundRefusal } {
  // What was paid comes first: a voucher still unpaid is voided, not "a cash voucher paid at a kiosk".
  const result = paymentOverallResult(statusFamilyOf(payment.method), payment.status, payment.authStatus);
  if (result === 'PENDING') return { refusal: 'payment_pending' };
  if (result !== 'APPROVED') return { refusal: 'payment_declined' };
  if (!refundPathOf(payment.method)) return { refusal: 'method_not_refundable' };
  if (amountCents !== undefined && Number.isInteger(amountCents) && amountCents > 0 && !isWholeInCurrency(amountCents, payment.currency ?? 'USD')) return { refusal: 'amount_not_whole' };
  return refundRoom({ capturedCents: payment.paidCents, refundHeldCents: payment.heldCents, refundPendingCents: payment.pendingRefundCents, disputes: payment.disputes ?? [] }, amountCents);
}

const coinUnits = (amount: number) => Math.round(amount * 10 ** CRYPTO_DECIMALS);

/**
 * Running totals, so partial refunds add up to exactly the payment's coins: those received, up to the
 * quote (`quotedCrypto`). Coins sent beyond it paid nothing of the order: refunding all of the order
 * never sends them as the merchant's money.
 */
export function cryptoRefundCoins(payment: { paidCrypto: number; quotedCrypto?: number | undefined; paidCents: number; heldCents: number }, cents: number): number {
  if (payment.paidCents <= 0) return 0;
  const quoted = payment.quotedCrypto !== undefined && Number.isFinite(payment.quotedCrypto) && payment.quotedCrypto > 0 ? payment.quotedCrypto : Infinity;
  const units = coinUnits(Math.min(payment.paidCrypto, quoted));
  const upTo = (c: number) => Math.round((units * Math.min(c, payment.paidCents)) / payment.paidCents);
  return (upTo(payment.heldCents + cents) - upTo(payment.heldCents)) / 10 ** CRYPTO_DECIMALS;
}
