import { DISPUTE_FEE_CENTS } from './fees';
import type { Currency } from './currency';

// Issue 89: "what may be refunded (captured - refunded - disputed), what a dispute may take (at
// most what was captured and not refunded)"; "refunds and disputes exclude each other"; "an inquiry
// takes no money until it becomes a chargeback"; "a refund that fails after succeeding gives the
// money back to the merchant's balance". `capturedCents` is what the processor captured of the payment.

/** An inquiry (Stripe's `warning_*`) asks questions and takes nothing; a chargeback takes the money. */
type DisputeStage = 'inquiry' | 'chargeback';
type DisputeStatus = 'needs_response' | 'under_review' | 'won' | 'lost';

/** A dispute as the books hold it: what it took (its ledger lines' sum, before a reversal) and whether its fee was charged. */
export interface BookedDispute {
  stage: DisputeStage;
  status: DisputeStatus;
  takenCents: number;
  feeCharged: boolean;
}

const disputeIsOpen = (d: Pick<BookedDispute, 'status'>): boolean => d.status === 'needs_response' || d.status === 'under_review';

/** What a dispute keeps away from the merchant now: a chargeback's money until it is won. */
export const disputeHoldsCents = (d: BookedDispute): number => (d.stage === 'chargeback' && d.status !== 'won' ? d.takenCents : 0);

interface PaymentMoney {
  capturedCents: number;
  /** Refunds pending or made (core heldCentsOf). */
  refundHeldCents: number;
  /** Of refundHeldCents, what refunds still pending hold; absent: none. */
  refundPendingCents?: number | undefined;
  disputes: readonly BookedDispute[];
}

/** `held_by_pending_refunds`: nothing remains, but only because refunds still pending keep their part (they may yet fail). */
type RefundRoomRefusal = 'charge_disputed' | 'fully_refunded' | 'held_by_pending_refunds' | 'exceeds_remaining' | 'amount_not_positive';

/**
 * What a refund may give back: captured - refunded - disputed. None while a dispute is open (the
 * processor decides where that money goes); money a dispute took is `charge_disputed`, not "refunded".
 */
export function refundRoom(money: PaymentMoney, amountCents: number | undefined): { cents: number } | { refusal: RefundRoomRefusal } {
  if (money.disputes.some(disputeIsOpen)) return { refusal: 'charge_disputed' };
  const notRefunded = Math.max(0, money.capturedCents - money.refundHeldCents);
  const disputed = money.disputes.reduce((sum, d) => sum + disputeHoldsCents(d), 0);
  const remaining = Math.max(0, notRefunded - disputed);
  if (remaining === 0) {
    if (disputed > 0 && notRefunded > 0) return { refusal: 'charge_disputed' };
    // Fully refunded only once refunds made cover what was captured.
    const madeCents = money.refundHeldCents - (money.refundPendingCents ?? 0);
    return { refusal: madeCents < money.capturedCents ? 'held_by_pending_refunds' : 'fully_refunded' };
  }
  const cents = amountCents ?? remaining;
  if (!Number.isInteger(cents) || cents <= 0) return { refusal: 'amount_not_positive' };
  if (cents <= remaining) return { cents };
  return { refusal: cents <= notRefunded ? 'charge_disputed' : 'exceeds_remaining' };
}

/** What a dispute may take: what was captured and is neither refunded (or held by a pending refund) nor held by another dispute. */
const disputableCents = (money: Pick<PaymentMoney, 'capturedCents' | 'refundHeldCents'>, otherDisputesCents: number): number =>
  Math.max(0, money.capturedCents - money.refundHeldCents - otherDisputesCents);

/** What the processor says of a dispute now. */
interface DisputeReport {
  stage: DisputeStage;
  status: DisputeStatus;
  amountCents: number;
  /** What the processor counts the amount in, as it writes it (Stripe's `usd`); absent is the payment's currency. */
  currency?: string | undefined;
  /** Stopped before it became a chargeback (Visa RDR gives the payer the amount back): what it takes leaves, no chargeback fee. */
  prevented?: boolean | undefined;
}

/** The payment's money a dispute is measured against, and its currency (absent is dollars), whose dispute fee is charged. */
type DisputedMoney = Pick<PaymentMoney, 'capturedCents' | 'refundHeldCents'> & { currency?: Currency | undefined };

type DisputeMove =
  /**
   * `closed`: won or lost stays so, a later report changes nothing; `exceeds_captured`: more than the
   * charge, no processor's dispute; `other_currency`: counted in another currency than the payment's,
   * its amount is in other units (an operator settles it with the processor).
   */
  | { refusal: 'closed' | 'exceeds_captured' | 'other_currency' }
  /** `takeCents` leaves the balance now (negative: comes back), with `feeCents`; `reversalCents` comes back because it was won. */
  | { booked: BookedDispute; takeCents: number; feeCents: number; reversalCents: number };

/**
 * A dispute reported (opened, moved, its amount changed, ended), in the payment's currency: it takes
 * at most what was captured and is neither refunded nor held by another dispute; an inquiry takes
 * nothing; the fee once, when it is first a chargeback (none for one prevented before it was one);
 * won, what it took comes back (the fee stays).
 */
export function disputeMove(before: BookedDispute | undefined, report: DisputeReport, money: DisputedMoney, otherDisputesCents: number): DisputeMove {
  const paymentCurrency = money.currency ?? 'USD';
  if (report.currency !== undefined && report.currency.trim().toUpperCase() !== paymentCurrency) return { refusal: 'other_currency' };
  if (before && !disputeIsOpen(before)) return { refusal: 'closed' };
  if (!Number.isInteger(report.amountCents) || report.amountCents < 0 || report.amountCents > money.capturedCents) return { refusal: 'exceeds_captured' };
  const stage: DisputeStage = before?.stage === 'chargeback' ? 'chargeback' : report.stage;
  const takenCents = stage === 'chargeback' ? Math.min(report.amountCents, disputableCents(money, otherDisputesCents)) : 0;
  const feeCharged = before?.feeCharged === true || (stage === 'chargeback' && report.prevented !== true);
  const feeCents = feeCharged && !before?.feeCharged ? DISPUTE_FEE_CENTS[paymentCurrency] : 0;
  return {
    booked: { stage, status: report.status, takenCents, feeCharged },
    takeCents: takenCents - (before?.takenCents ?? 0),
    feeCents,
    reversalCents: report.status === 'won' ? takenCents : 0,
  };
}

/**
 * A chargeback, open or lost, once a refund of its payment failed, its part no longer held: "what it
 * took: at most what was paid and not refunded" is measured again, up to the dispute's amount, and the
 * difference leaves the balance (one more `dispute` line, no second fee). A lost one too: the
 * cardholder's bank gave the money back, and the refund that held it off gave nothing. Undefined when
 * nothing changes: an inquiry takes nothing, a won dispute gave back what it took, or it took all it could already.
 */
export function disputeRetake(before: BookedDispute, amountCents: number, money: Pick<PaymentMoney, 'capturedCents' | 'refundHeldCents'>, otherDisputesCents: number): { booked: BookedDispute; takeCents: number } | undefined {
  if (before.stage !== 'chargeback' || before.status === 'won') return undefined;
  const takenCents = Math.min(amountCents, disputableCents(money, otherDisputesCents));
  if (takenCents <= before.takenCents) return undefined;
  return { booked: { ...before, takenCents }, takeCents: takenCents - before.takenCents };
}

type RefundLifeState = 'pending' | 'succeeded' | 'failed';

/**
 * A refund's outcome as the processor reports it: pending ends made or failed; a made refund that
 * fails later (a card closed since) is `failed_after_success`: its money comes back to the merchant.
 * Anything else changes nothing (a repeat, a late report of an ended refund).
 */
export function refundMove(state: RefundLifeState, outcome: 'refunded' | 'failed'): 'succeeded' | 'failed' | 'failed_after_success' | 'unchanged' {
  if (state === 'pending') return outcome === 'refunded' ? 'succeeded' : 'failed';
  if (state === 'succeeded' && outcome === 'failed') return 'failed_after_success';
  return 'unchanged';
}
