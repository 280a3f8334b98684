import * as v from 'valibot';

// What the merchant API answers (its OpenAPI document, GET /api/v1/merchant/openapi.json), checked
// with valibot as it arrives: a server that answered something else is an error, not a wrong type.

const metadata = v.record(v.string(), v.string());

export const PaymentLinkSchema = v.object({
  /** What `Checkout.open({ code })` takes. */
  code: v.string(),
  /** The checkout page to send the payer to. */
  url: v.string(),
  state: v.picklist(['open', 'paid', 'expired']),
  amount: v.number(),
  taxAmount: v.number(),
  description: v.string(),
  orderReference: v.nullable(v.string()),
  metadata,
  singleUse: v.boolean(),
  brands: v.array(v.string()),
  methods: v.array(v.string()),
  returnUrl: v.nullable(v.string()),
  expiresAt: v.nullable(v.string()),
  /** The codOper of the payment that paid a single-use link. */
  paidBy: v.nullable(v.string()),
  payments: v.number(),
  createdAt: v.string(),
});
export type PaymentLink = v.InferOutput<typeof PaymentLinkSchema>;

export const RefundSchema = v.object({
  id: v.string(),
  codOper: v.string(),
  amount: v.number(),
  /** pending while its gateway has not answered. */
  status: v.picklist(['pending', 'succeeded', 'failed']),
  createdAt: v.string(),
});
export type Refund = v.InferOutput<typeof RefundSchema>;

const transactionEntries = {
  codOper: v.string(),
  method: v.string(),
  result: v.picklist(['APPROVED', 'PENDING', 'DECLINED']),
  amount: v.number(),
  taxAmount: v.number(),
  linkCode: v.nullable(v.string()),
  /** The order reference and metadata of the link it paid. */
  orderReference: v.nullable(v.string()),
  metadata,
  /** What refunds have given back so far. */
  refundedAmount: v.number(),
  status: v.number(),
  authStatus: v.string(),
  /** On a cancelled crypto payment that had received coins: what goes back to the payer. */
  refund: v.optional(v.object({ amount: v.number(), coin: v.string(), network: v.string(), status: v.string() })),
  /** On a payment called off before it was paid (authStatus CANCELLED): the payer left it, another payment paid its single-use link, or the merchant voided it. */
  cancelReason: v.optional(v.picklist(['payer', 'paid_elsewhere', 'merchant'])),
  /** Only while money a gateway took for a called-off payment is not given back: what is owed to the payer. */
  owedToPayer: v.optional(v.number()),
};

export const TransactionSchema = v.object({
  ...transactionEntries,
  createdAt: v.string(),
  updatedAt: v.string(),
  /** Its refunds, oldest first (on one transaction, not in lists). */
  refunds: v.optional(v.array(RefundSchema)),
});
export type Transaction = v.InferOutput<typeof TransactionSchema>;

export const RefundResultSchema = v.object({ ...RefundSchema.entries, transaction: TransactionSchema });
export type RefundResult = v.InferOutput<typeof RefundResultSchema>;

/** The merchant's brand (docs/merchant-api.md "Brand"): each part null while unset. */
export const BrandSchema = v.object({
  /** The brand colour, `#rrggbb`. */
  colorPrimary: v.nullable(v.string()),
  /** The name payers see instead of the merchant's name. */
  displayName: v.nullable(v.string()),
  /** The uploaded logo's address on the checkout origin (`.../images/logos/<sha256>`). */
  logoUrl: v.nullable(v.string()),
});
export type Brand = v.InferOutput<typeof BrandSchema>;

const pageOf = <T extends v.GenericSchema>(item: T) => v.object({ data: v.array(item), hasMore: v.boolean(), nextCursor: v.nullable(v.string()) });
export const PaymentLinkPageSchema = pageOf(PaymentLinkSchema);
export const TransactionPageSchema = pageOf(TransactionSchema);

/** One page of a list; `nextCursor` asks for the next. */
export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

export const ErrorSchema = v.object({ code: v.union([v.string(), v.number()]), message: v.string() });

const eventEntries = { id: v.string(), createdAt: v.string() };

/** An event named by the transaction's overall result, a merchant's void, or money owed to the payer: the transaction as it stands. */
const TransactionEventSchema = v.object({
  ...eventEntries,
  type: v.picklist(['transaction.approved', 'transaction.pending', 'transaction.declined', 'transaction.voided', 'transaction.owed_to_payer']),
  data: v.object(transactionEntries),
});

const refundEventData = {
  ...transactionEntries,
  /** The refund the event announces. */
  refundId: v.string(),
  /** What it gave back (transaction.refunded) or did not give back (transaction.refund_failed). */
  refundAmount: v.number(),
};

/** A refund that went through: `data.refundedAmount` already counts it. */
const RefundedEventSchema = v.object({ ...eventEntries, type: v.literal('transaction.refunded'), data: v.object(refundEventData) });

/**
 * A refund that did not go through (like Stripe's refund.failed): `refused`, the gateway refused it
 * when asked; `not_made`, it was pending and its gateway said it never made it. Its amount may be
 * refunded again.
 */
const RefundFailedEventSchema = v.object({
  ...eventEntries,
  type: v.literal('transaction.refund_failed'),
  data: v.object({ ...refundEventData, refundFailureReason: v.picklist(['refused', 'not_made']) }),
});

/** A webhook's event, told apart by `type` (docs/webhooks.md "Events"). */
export const WebhookEventSchema = v.variant('type', [TransactionEventSchema, RefundedEventSchema, RefundFailedEventSchema]);
export type WebhookEvent = v.InferOutput<typeof WebhookEventSchema>;
export type WebhookEventType = WebhookEvent['type'];
