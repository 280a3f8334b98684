import * as v from 'valibot';
import type { Open } from './answers';

// Amounts in dollars, amount = fee + net to the cent (docs/merchant-api.md "Books").

const open = <Known extends string>() => v.custom<Open<Known>>((x) => typeof x === 'string', 'expected a string');

export const BalanceSchema = v.looseObject({
  currency: v.string(),
  /** What a payout may take now. */
  available: v.number(),
  /** What waits for its date (a card payment: 2 days). */
  pending: v.number(),
});
export type Balance = v.InferOutput<typeof BalanceSchema>;

export type BalanceTransactionType = Open<'payment' | 'refund' | 'refund_failure' | 'dispute' | 'dispute_reversal' | 'payout' | 'payout_failure'>;

export const BalanceTransactionSchema = v.looseObject({
  id: v.string(),
  type: open<'payment' | 'refund' | 'refund_failure' | 'dispute' | 'dispute_reversal' | 'payout' | 'payout_failure'>(),
  /** The gross; negative when money leaves the balance. */
  amount: v.number(),
  fee: v.number(),
  net: v.number(),
  currency: v.string(),
  availableOn: v.string(),
  /** The payout that settled it (on a payout line, that payout). */
  payoutId: v.nullable(v.string()),
  codOper: v.nullable(v.string()),
  refundId: v.nullable(v.string()),
  disputeId: v.nullable(v.string()),
  /** On a payout or payout_failure line: that payout. */
  sourcePayoutId: v.nullable(v.string()),
  /** The payout that finally took its money to the bank (a later one when the bank sent its payout back); null until one is paid. */
  paidByPayoutId: v.optional(v.nullable(v.string())),
  /** Its payment's link's order reference and metadata (null and {} without); absent from a server before them. */
  orderReference: v.optional(v.nullable(v.string())),
  metadata: v.optional(v.record(v.string(), v.string())),
  createdAt: v.string(),
});
export type BalanceTransaction = v.InferOutput<typeof BalanceTransactionSchema>;

export type PayoutStatus = Open<'pending' | 'paid' | 'failed'>;

export const PayoutSchema = v.looseObject({
  id: v.string(),
  amount: v.number(),
  currency: v.string(),
  status: open<'pending' | 'paid' | 'failed'>(),
  /** YYYY-MM-DD, in your time zone. */
  arrivalDate: v.string(),
  failureReason: v.nullable(v.string()),
  /** The last four characters of the account it went to, and what your bank statement shows; absent from a server before them. */
  destinationLast4: v.optional(v.string()),
  statementReference: v.optional(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Payout = v.InferOutput<typeof PayoutSchema>;

/** A payout with the balance transactions it settles and its own payout line. */
export const PayoutWithLinesSchema = v.looseObject({
  ...PayoutSchema.entries,
  /** The newest 10 000 of them. */
  balanceTransactions: v.array(BalanceTransactionSchema),
  /** It settles more lines than those: `balanceTransactions.list({ payout })` pages through them all. Absent from a server before it. */
  balanceTransactionsHasMore: v.optional(v.boolean()),
});
export type PayoutWithLines = v.InferOutput<typeof PayoutWithLinesSchema>;

export type DisputeStatus = Open<'needs_response' | 'under_review' | 'won' | 'lost'>;

const disputeEntries = {
  id: v.string(),
  codOper: v.string(),
  amount: v.number(),
  /** An inquiry takes no money; a chargeback takes `takenAmount`. Absent from a server before both. */
  stage: v.optional(open<'inquiry' | 'chargeback'>()),
  takenAmount: v.optional(v.number()),
  currency: v.string(),
  reason: v.string(),
  status: open<'needs_response' | 'under_review' | 'won' | 'lost'>(),
  /** The last moment to send evidence. */
  evidenceDueBy: v.nullable(v.string()),
  /** Whether your evidence was sent, and when; absent from a server before it. */
  evidenceDetails: v.optional(v.looseObject({ submitted: v.boolean(), submittedAt: v.nullable(v.string()) })),
  createdAt: v.string(),
  updatedAt: v.string(),
};

/** A chargeback on one of your card payments (docs/merchant-api.md "Disputes"). */
export const DisputeSchema = v.looseObject({ ...disputeEntries, evidence: v.nullable(v.string()) });
export type Dispute = v.InferOutput<typeof DisputeSchema>;

/** A dispute as its events carry it: the evidence's presence (`evidenceDetails`), never its text (read it with `disputes.retrieve`). */
export const DisputeEventDataSchema = v.looseObject(disputeEntries);
export type DisputeEventData = v.InferOutput<typeof DisputeEventDataSchema>;

const pageOf = <T extends v.GenericSchema>(item: T) => v.looseObject({ data: v.array(item), hasMore: v.boolean(), nextCursor: v.nullable(v.string()) });
export const BalanceTransactionPageSchema = pageOf(BalanceTransactionSchema);
export const PayoutPageSchema = pageOf(PayoutSchema);
export const DisputePageSchema = pageOf(DisputeSchema);
