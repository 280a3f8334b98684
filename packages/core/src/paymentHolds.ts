import { isWholeInCurrency, type Currency } from './currency';
import { TRANSACTION_TYPES } from './constants';

// Issue 89 item 2: "Holds are the merchant's choice, never the payer's". A link's transactionsType
// (SPEC 9: AUTH_CAPTURE, AUTH) is its capture method; a manual (AUTH) payment is a hold the merchant
// captures, in part or whole, once, or releases; one not captured in time expires. Only captured
// money reaches the balance: what this module answers as captured is what refunds and disputes start from.

export const CAPTURE_METHODS = ['automatic', 'manual'] as const;
export type CaptureMethod = (typeof CAPTURE_METHODS)[number];

/**
 * `capturing` / `releasing`: the processor was asked to capture or to release the hold and its answer
 * is not in yet; nothing else may start meanwhile.
 */
export type HoldState = 'authorized' | 'capturing' | 'captured' | 'releasing' | 'released' | 'expired';

export interface Hold {
  state: HoldState;
  /** What the processor holds for the payer's card: the payment's whole amount. */
  heldCents: number;
  /** 0 until captured. */
  capturedCents: number;
  /** The payment's currency; absent is dollars. */
  currency?: Currency | undefined;
  /** The part of the hold the payer gave to a campaign (SPEC 7 amountToCampaign); absent is none. */
  donationCents?: number | undefined;
}

export type CaptureRefusal = 'already_captured' | 'capture_in_progress' | 'release_in_progress' | 'hold_released' | 'hold_expired' | 'exceeds_hold' | 'amount_not_positive' | 'amount_not_whole' | 'donation_needs_whole';
export type VoidRefusal = 'already_captured' | 'capture_in_progress' | 'release_in_progress' | 'hold_released' | 'hold_expired';

/** SPEC 9 "AUTH" is a hold; every other type charges at once. */
export function captureMethodOf(transactionsType: string): CaptureMethod {
  return transactionsType === TRANSACTION_TYPES.auth ? 'manual' : 'automatic';
}

export function transactionsTypeOf(method: CaptureMethod): string {
  return method === 'manual' ? TRANSACTION_TYPES.auth : TRANSACTION_TYPES.authCapture;
}

/** "A payer's body that disagrees is refused": the payer may repeat the link's type, never change it. */
export function payerTypeDisagrees(linkTransactionsType: string, payerTransactionsType: string | undefined): boolean {
  if (payerTransactionsType === undefined || payerTransactionsType === '') return false;
  return captureMethodOf(payerTransactionsType) !== captureMethodOf(linkTransactionsType);
}

function closedRefusal(state: HoldState): VoidRefusal | undefined {
  switch (state) {
    case 'captured': return 'already_captured';
    case 'capturing': return 'capture_in_progress';
    case 'releasing': return 'release_in_progress';
    case 'released': return 'hold_released';
    case 'expired': return 'hold_expired';
    case 'authorized': return undefined;
  }
}

/**
 * "Capture at most the hold, once": absent takes the whole hold; the rest is released. A hold past its
 * `captureBefore` is released at that moment (docs/merchant-api.md), whether or not the reconciler has
 * come by yet: captured no more.
 */
export function captureCheck(hold: Hold, amountCents: number | undefined, deadline?: { captureBefore: Date | null; now: Date }): { cents: number; releasedCents: number } | { refusal: CaptureRefusal } {
  const closed = closedRefusal(hold.state);
  if (closed) return { refusal: closed };
  if (deadline?.captureBefore && holdLapsed(hold, deadline.captureBefore, deadline.now)) return { refusal: 'hold_expired' };
  const cents = amountCents ?? hold.heldCents;
  if (!Number.isInteger(cents) || cents <= 0) return { refusal: 'amount_not_positive' };
  // Issue 93: a hold in pesos is captured in whole pesos.
  if (!isWholeInCurrency(cents, hold.currency ?? 'USD')) return { refusal: 'amount_not_whole' };
  if (cents > hold.heldCents) return { refusal: 'exceeds_hold' };
  // A donation rides on the payment, promised to its campaign: no part of it may be left uncaptured,
  // nor the merchant's part taken as the donation. Captured whole, or voided.
  if ((hold.donationCents ?? 0) > 0 && cents !== hold.heldCents) return { refusal: 'donation_needs_whole' };
  return { cents, releasedCents: hold.heldCents - cents };
}

/** "Void only uncaptured": the whole hold goes back to the payer. */
export function voidCheck(hold: Hold): { releasedCents: number } | { refusal: VoidRefusal } {
  const closed = closedRefusal(hold.state);
  return closed ? { refusal: closed } : { releasedCents: hold.heldCents };
}

/** "Released by the reconciler before the processor lets it lapse": an uncaptured hold past its deadline. */
export function holdLapsed(hold: Pick<Hold, 'state'>, captureBefore: Date, now: Date): boolean {
  return hold.state === 'authorized' && now.getTime() >= captureBefore.getTime();
}

/** Why a refund of a manual payment is refused: its hold is open, being captured, or was released (voided, or expired) uncaptured. */
export type HoldRefundRefusal = 'hold_open' | 'capture_in_progress' | 'hold_released';

/** "What reaches the balance = only captured money", so only that goes back: undefined once captured. */
export function holdRefundRefusal(hold: Pick<Hold, 'state'>): HoldRefundRefusal | undefined {
  switch (hold.state) {
    case 'captured': return undefined;
    case 'authorized': return 'hold_open';
    case 'capturing': return 'capture_in_progress';
    case 'releasing':
    case 'released':
    case 'expired': return 'hold_released';
  }
}

/** What the merchant may still capture: the hold while it is open, else 0. */
export function capturableCentsOf(hold: Hold): number {
  return hold.state === 'authorized' ? hold.heldCents : 0;
}

/**
 * "What reaches the balance = only captured money": an automatic payment's whole amount, a manual
 * one's captured part (0 while held, released or expired). Refunds and disputes start from this.
 */
export function capturedCentsOf(payment: { captureMethod: CaptureMethod; paidCents: number; hold: Hold | null }): number {
  if (payment.captureMethod === 'automatic') return payment.paidCents;
  return payment.hold?.state === 'captured' ? payment.hold.capturedCents : 0;
}

/**
 * "One truth: nothing was taken from the payer" of a hold released or expired without capture: what
 * the merchant API's `totalPaid` says the payer paid in all. An automatic payment's whole amount; a
 * manual one's hold while it is open (being captured or released included), what the capture took
 * once captured, and 0 once released or expired, as the console's paid amount (capturedCentsOf) says.
 */
export function totalPaidCentsOf(payment: { captureMethod: CaptureMethod; paidCents: number; hold: Hold | null }): number {
  const hold = payment.hold;
  if (payment.captureMethod === 'automatic' || hold === null) return payment.paidCents;
  if (hold.state === 'captured') return hold.capturedCents;
  return hold.state === 'released' || hold.state === 'expired' ? 0 : hold.heldCents;
}
