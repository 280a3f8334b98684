import * as v from 'valibot';
import { CURRENCIES } from '@pasarela/core';

export const OUTCOMES = ['APPROVED', 'PENDING', 'DECLINED'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const METHODS = ['card', 'nequi', 'yappy', 'clave', 'cash', 'crypto', 'balance'] as const;

export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export const RefundSchema = v.object({ id: v.string(), amount: v.number(), status: v.picklist(REFUND_STATES), createdAt: v.string() });
export type Refund = v.InferOutput<typeof RefundSchema>;
/** What the console's refund call answers: the refund and its state (pending while its gateway has not answered). */
export const RefundAnswerSchema = v.object({ id: v.string(), codOper: v.string(), status: v.picklist(REFUND_STATES) });

export const TransactionSchema = v.object({
  codOper: v.string(),
  method: v.string(),
  amount: v.number(),
  taxAmount: v.number(),
  status: v.number(),
  authStatus: v.string(),
  outcome: v.picklist(OUTCOMES),
  linkCode: v.nullable(v.string()),
  merchantId: v.number(),
  /** The merchant's: every amount of the transaction is in it. */
  currency: v.optional(v.picklist(CURRENCIES)),
  reference: v.nullable(v.string()),
  subscriptionKey: v.nullable(v.string()),
  underpaid: v.boolean(),
  cryptoDue: v.nullable(v.number()),
  validationState: v.nullable(v.number()),
  /** What the merchant's refunds gave back so far. */
  refundedAmount: v.number(),
  /** What the payer paid (amount, tax and any donation): what refunds may give back in all. */
  paidAmount: v.number(),
  /** The merchant's refunds, oldest first; a pending one holds its part until its gateway answers. */
  refunds: v.array(RefundSchema),
  /** Its disputes as the books hold them: an open one, or the money a lost one took, cannot be refunded. */
  disputes: v.optional(v.array(v.object({
    stage: v.picklist(['inquiry', 'chargeback']), status: v.picklist(['needs_response', 'under_review', 'won', 'lost']), taken: v.number(), feeCharged: v.boolean(),
  }))),
  /** A manual-capture payment's hold still open: what a capture may take (0 otherwise). */
  capturableAmount: v.number(),
  /** Coins a crypto payer sent beyond the quote: theirs, owed back (pending) or sent back (refunded) to the address they came from. */
  overpayment: v.optional(v.nullable(v.object({
    amount: v.number(), coin: v.string(), network: v.string(), to: v.nullable(v.string()), status: v.picklist(['pending', 'refunded']),
  }))),
  cardType: v.nullable(v.string()),
  displayNum: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type Transaction = v.InferOutput<typeof TransactionSchema>;
export const TransactionListSchema = v.object({ transactions: v.array(TransactionSchema) });

// Its currency names the units of every amount typed for it (whole pesos in COP).
export const MerchantSchema = v.object({ id: v.number(), name: v.string(), webhookUrl: v.nullable(v.string()), currency: v.optional(v.picklist(CURRENCIES)) });
export type Merchant = v.InferOutput<typeof MerchantSchema>;
export const MerchantListSchema = v.object({ merchants: v.array(MerchantSchema) });

export const LinkSchema = v.object({ code: v.string(), slug: v.string(), description: v.string(), amount: v.number(), merchantId: v.number(), url: v.string() });
export type Link = v.InferOutput<typeof LinkSchema>;
export const LinkListSchema = v.object({ links: v.array(LinkSchema) });
export const NewLinkAnswerSchema = v.object({ code: v.string(), slug: v.string(), url: v.string() });

export const NewMerchantAnswerSchema = v.object({ idMerchant: v.number(), secretKey: v.string(), webhookSecret: v.string() });
/** A merchant's brand as the admin API answers it (GET/POST /sandbox/merchants/:id/brand). */
export const BrandSchema = v.object({ colorPrimary: v.nullable(v.string()), displayName: v.nullable(v.string()), logoUrl: v.nullable(v.string()) });
export type Brand = v.InferOutput<typeof BrandSchema>;
export const NewStationAnswerSchema = v.object({ stationId: v.string() });
export const NewPlanAnswerSchema = v.object({ idPlan: v.number() });
export const NewSubscriptionAnswerSchema = v.object({ subscriptionKey: v.string(), url: v.string() });
/** offeredBridgeId: the campaign payers are offered now (the merchant's first active one), null for none. */
export const NewCampaignAnswerSchema = v.object({ idBridge: v.number(), offeredBridgeId: v.nullable(v.number()) });
export const NewUserAnswerSchema = v.object({ login: v.string() });

export const MailSchema = v.object({ id: v.number(), to: v.string(), subject: v.string(), body: v.string(), kind: v.string(), date: v.string() });
export type Mail = v.InferOutput<typeof MailSchema>;
export const MailboxSchema = v.object({ messages: v.array(MailSchema) });

export const WebhookSchema = v.object({
  id: v.string(),
  type: v.string(),
  merchantId: v.number(),
  /** null on an event about no transaction (a payout). */
  codOper: v.nullable(v.string()),
  url: v.nullable(v.string()),
  state: v.string(),
  attempts: v.number(),
  lastStatusCode: v.nullable(v.number()),
  lastError: v.nullable(v.string()),
  createdAt: v.string(),
  body: v.unknown(),
  /** Every attempt made, redeliveries included (attempts counts those since the last redelivery). */
  attemptsRecorded: v.optional(v.number()),
  /** The last 20 attempts, newest first. */
  recentAttempts: v.optional(v.array(v.object({
    number: v.number(), attemptedAt: v.string(), statusCode: v.nullable(v.number()), error: v.nullable(v.string()), durationMs: v.number(),
  }))),
});
export type Webhook = v.InferOutput<typeof WebhookSchema>;
export const WebhookListSchema = v.object({ webhooks: v.array(WebhookSchema) });

// Every amount of a merchant's books is in its currency (USD or COP).
export const BalanceSchema = v.object({ currency: v.picklist(CURRENCIES), available: v.number(), pending: v.number() });
export type Balance = v.InferOutput<typeof BalanceSchema>;
export const PayoutSchema = v.object({ id: v.string(), amount: v.number(), currency: v.optional(v.picklist(CURRENCIES)), status: v.string(), arrivalDate: v.string(), createdAt: v.string() });
export type Payout = v.InferOutput<typeof PayoutSchema>;
/** docs/merchant-api.md's pages, newest first: nextCursor asks for the page after this one (null on the last). */
const pageSchema = <S extends v.GenericSchema>(item: S) => v.object({ data: v.array(item), nextCursor: v.nullable(v.string()) });
export type Page<T> = v.InferOutput<ReturnType<typeof pageSchema<v.GenericSchema<T>>>>;
export const PayoutPageSchema = pageSchema(PayoutSchema);
export const PayoutRunSchema = v.object({ payouts: v.array(PayoutSchema) });
export const DisputeSchema = v.object({
  id: v.string(), codOper: v.string(), amount: v.number(), stage: v.picklist(['inquiry', 'chargeback']), takenAmount: v.number(),
  currency: v.optional(v.picklist(CURRENCIES)), reason: v.string(), status: v.string(),
  evidenceDueBy: v.nullable(v.string()), evidence: v.nullable(v.string()), createdAt: v.string(),
});
export type Dispute = v.InferOutput<typeof DisputeSchema>;
export const DisputePageSchema = pageSchema(DisputeSchema);
/** docs/merchant-api.md "Subscriptions": one subscription to a merchant's plan, where it stands. */
export const SubscriptionSchema = v.object({
  subscriptionKey: v.string(),
  plan: v.object({ idPlan: v.number(), name: v.string(), amount: v.number(), period: v.string(), currency: v.optional(v.picklist(CURRENCIES)) }),
  email: v.string(), status: v.string(), nextChargeAt: v.nullable(v.string()), createdAt: v.string(), cancelledAt: v.nullable(v.string()),
});
export type Subscription = v.InferOutput<typeof SubscriptionSchema>;
export const SubscriptionPageSchema = pageSchema(SubscriptionSchema);

export const StatementSchema = v.object({ codOper: v.string(), statementLine: v.string() });
export const AnySchema = v.unknown();

/** An admin error answer: `{ code, message }` (the message names the field). */
export const ErrorSchema = v.object({ code: v.optional(v.string()), message: v.optional(v.string()) });
