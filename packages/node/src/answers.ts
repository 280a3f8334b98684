import * as v from 'valibot';
import { DisputeEventDataSchema, PayoutSchema } from './bookAnswers';
import { SubscriptionSchema } from './subscriptionAnswer';

// Open shapes: objects keep unknown fields and enums take any string, so a later server's additions
// never break this client.

/** One of the known values, or a string a later version added. */
export type Open<Known extends string> = Known | (string & {});

const open = <Known extends string>() => v.custom<Open<Known>>((x) => typeof x === 'string', 'expected a string');

const metadata = v.record(v.string(), v.string());

export type PaymentLinkState = Open<'open' | 'paid' | 'expired'>;
export type TransactionResult = Open<'APPROVED' | 'PENDING' | 'DECLINED'>;
export type RefundStatus = Open<'pending' | 'succeeded' | 'failed'>;
/** Why a payment was called off (a transaction's `cancelReason`, docs/merchant-api.md), as this version knows them. */
export const KNOWN_CANCEL_REASONS = ['payer', 'paid_elsewhere', 'merchant', 'hold_expired'] as const;
export type KnownCancelReason = (typeof KNOWN_CANCEL_REASONS)[number];
export type CancelReason = Open<KnownCancelReason>;
export type RefundFailureReason = Open<'refused' | 'not_made' | 'failed_after_success'>;

export const PaymentLinkSchema = v.looseObject({
  /** What `Checkout.open({ code })` takes. */
  code: v.string(),
  /** The checkout page to send the payer to. */
  url: v.string(),
  state: open<'open' | 'paid' | 'expired'>(),
  amount: v.number(),
  taxAmount: v.number(),
  description: v.string(),
  /** The description per language given at creation; a payer reads theirs, else `description`. */
  descriptions: v.optional(v.looseObject({ es: v.optional(v.string()), en: v.optional(v.string()) })),
  orderReference: v.nullable(v.string()),
  metadata,
  singleUse: v.boolean(),
  /** manual: its card payments are holds you capture or void (`transactions.capture`). */
  captureMethod: v.optional(open<'automatic' | 'manual'>()),
  brands: v.array(v.string()),
  methods: v.array(v.string()),
  returnUrl: v.nullable(v.string()),
  /** What the checkout asks the payer besides the card, as it reads them (ids with CF in front); absent from a server before them. */
  customFields: v.optional(v.array(v.looseObject({
    id: v.string(), type: v.string(), description: v.string(), nameOrLabel: v.string(), value: v.nullable(v.union([v.string(), v.number()])),
    required: v.boolean(), options: v.array(v.looseObject({ label: v.string(), value: v.string() })),
  }))),
  expiresAt: v.nullable(v.string()),
  /** The codOper of the payment that paid a single-use link. */
  paidBy: v.nullable(v.string()),
  payments: v.number(),
  createdAt: v.string(),
  /** Its last change: a payment made on it, paid, expired (API version 2026-11-26). */
  updatedAt: v.optional(v.string()),
});
export type PaymentLink = v.InferOutput<typeof PaymentLinkSchema>;

export const RefundSchema = v.looseObject({
  id: v.string(),
  codOper: v.string(),
  amount: v.number(),
  /** pending while its gateway has not answered. */
  status: open<'pending' | 'succeeded' | 'failed'>(),
  createdAt: v.string(),
});
export type Refund = v.InferOutput<typeof RefundSchema>;

/** Coins going back to a crypto payer: to the address they came from (`to`), `pending` until sent, then `refunded` at `refundedAt`. */
const CoinsBackSchema = v.looseObject({
  amount: v.number(), coin: v.string(), network: v.string(), status: open<'pending' | 'refunded'>(),
  to: v.optional(v.string()), refundedAt: v.optional(v.nullable(v.string())),
});

const transactionEntries = {
  codOper: v.string(),
  method: v.string(),
  result: open<'APPROVED' | 'PENDING' | 'DECLINED'>(),
  amount: v.number(),
  taxAmount: v.number(),
  linkCode: v.nullable(v.string()),
  /** The order reference and metadata of the link it paid. */
  orderReference: v.nullable(v.string()),
  metadata,
  /** The subscription a charge is of (its first payment or a renewal); null for any other payment; absent from a server before it. */
  subscriptionKey: v.optional(v.nullable(v.string())),
  /** What refunds have given back so far. */
  refundedAmount: v.number(),
  /** The merchant's: USD in Panama, COP (whole pesos) in Colombia; every amount here is in it. */
  currency: open<'USD' | 'COP'>(),
  /** The donation the payer added for a campaign (0 without). */
  donationAmount: v.number(),
  /** All the payer paid: amount, tax and donation. */
  totalPaid: v.number(),
  /** What a refund could still give back now (0 for a payment not approved or of a method with no way back). */
  refundableAmount: v.number(),
  /** Its link's: a manual payment is a hold on the card until you capture or void it. */
  captureMethod: v.optional(open<'automatic' | 'manual'>()),
  /** False while a manual payment's hold is open (the payer was told it was approved), and after it is released. */
  captured: v.optional(v.boolean()),
  /** What a capture could still take: the hold while it is open, else 0. */
  capturableAmount: v.optional(v.number()),
  /** While the hold is open: when it is released if you have not captured it. */
  captureBefore: v.optional(v.nullable(v.string())),
  /** Who paid, as they typed it (each null when not asked). */
  payer: v.looseObject({ email: v.nullable(v.string()), name: v.nullable(v.string()) }),
  /** A card payment's brand and last four digits (never its number or CVC); null for other methods. */
  card: v.nullable(v.looseObject({ brand: v.string(), last4: v.string() })),
  /** The wallet's phone on a Nequi or Yappy payment, masked to its last four digits (`****1111`); null otherwise. */
  walletPhone: v.nullable(v.string()),
  /** What the payer answered to the custom fields the checkout asked: the field's id (CF in front), its label, the answer ([] when none); absent from a server before them. */
  customFields: v.optional(v.array(v.looseObject({ id: v.string(), label: v.string(), value: v.nullable(v.union([v.string(), v.number()])) }))),
  /** SPEC 4's method status code and the gateway's auth status, for those who want the detail. */
  status: v.number(),
  authStatus: v.string(),
  /** On a cancelled crypto payment that had received coins: what goes back to the payer. */
  refund: v.optional(CoinsBackSchema),
  /** On a crypto payment paid beyond its quote: the coins beyond it, sent back to the payer's address (`pending` until sent), never out of the balance. */
  overpayment: v.optional(CoinsBackSchema),
  /** On a payment called off (authStatus CANCELLED): the payer left it, another payment paid its single-use link, the merchant voided it, or its hold was not captured in time. */
  cancelReason: v.optional(open<KnownCancelReason>()),
  /** Only while money a gateway took for a called-off payment is not given back: what is owed to the payer. */
  owedToPayer: v.optional(v.number()),
};

export const TransactionSchema = v.looseObject({
  ...transactionEntries,
  createdAt: v.string(),
  updatedAt: v.string(),
  /** What its balance transactions add up to (null before it has any) and their ids; absent from a server before them (not in webhooks). */
  fee: v.optional(v.nullable(v.number())),
  net: v.optional(v.nullable(v.number())),
  balanceTransactionIds: v.optional(v.array(v.string())),
  /** Its refunds, oldest first (on one transaction, not in lists). */
  refunds: v.optional(v.array(RefundSchema)),
});
export type Transaction = v.InferOutput<typeof TransactionSchema>;

export const RefundResultSchema = v.looseObject({ ...RefundSchema.entries, transaction: TransactionSchema });
export type RefundResult = v.InferOutput<typeof RefundResultSchema>;

/** The merchant's brand (docs/merchant-api.md "Brand"): each part null while unset. */
export const BrandSchema = v.looseObject({
  /** The brand colour, `#rrggbb`. */
  colorPrimary: v.nullable(v.string()),
  /** The name payers see instead of the merchant's name. */
  displayName: v.nullable(v.string()),
  /** The uploaded logo's address on the checkout origin (`.../images/logos/<sha256>`). */
  logoUrl: v.nullable(v.string()),
});
export type Brand = v.InferOutput<typeof BrandSchema>;

/** The event types this version knows (docs/webhooks.md "Events"); a later one comes as its own string. */
export const KNOWN_EVENT_TYPES = [
  'transaction.approved', 'transaction.pending', 'transaction.declined', 'transaction.voided', 'transaction.owed_to_payer', 'transaction.captured',
  'transaction.refunded', 'transaction.refund_failed', 'payout.paid', 'payout.failed', 'dispute.created', 'dispute.updated', 'dispute.closed',
  'subscription.cancelled',
] as const;
export type KnownEventType = (typeof KNOWN_EVENT_TYPES)[number];
/** An event's type: a known one, or one a later API version added (pass it on or ignore it). */
export type WebhookEventType = Open<KnownEventType>;

/** A transaction.* event's data, with the refund a refund event announces; payout.* and dispute.* carry a payout and a dispute. */
export const EventDataSchema = v.looseObject({
  ...transactionEntries,
  /** The transaction's own times, as the verify call answers them (an event's `createdAt` is the event's); absent from a server before them. */
  createdAt: v.optional(v.string()),
  updatedAt: v.optional(v.string()),
  /** transaction.refunded and transaction.refund_failed: the refund the event announces. */
  refundId: v.optional(v.string()),
  /** What it gave back (transaction.refunded) or did not give back (transaction.refund_failed). */
  refundAmount: v.optional(v.number()),
  /** transaction.refund_failed: `refused` (the gateway refused it when asked), `not_made` (it never made it) or `failed_after_success` (made, then failed: its money is back in your balance). */
  refundFailureReason: v.optional(open<'refused' | 'not_made' | 'failed_after_success'>()),
});
export type EventData = v.InferOutput<typeof EventDataSchema>;

export type TransactionEventType = Extract<KnownEventType, `transaction.${string}`>;
export type PayoutEventType = Extract<KnownEventType, `payout.${string}`>;
export type DisputeEventType = Extract<KnownEventType, `dispute.${string}`>;
export type SubscriptionEventType = Extract<KnownEventType, `subscription.${string}`>;

declare const laterEvent: unique symbol;
/**
 * The type of an event a later API version added. At run time it is the string as it came; its type
 * is opaque so that it equals none of the known types: a `switch (event.type)` narrows each known
 * case to its event, and a later event falls to `default` (read its type with `String(event.type)`;
 * answer it 2xx, pass it on or ignore it).
 */
export interface LaterEventType {
  readonly [laterEvent]: 'an event type this version does not know';
  toString(): string;
}

const known: readonly string[] = KNOWN_EVENT_TYPES;
const typeAmong = <T extends KnownEventType>(prefix: string) => v.custom<T>((x) => typeof x === 'string' && known.includes(x) && x.startsWith(prefix), `expected a ${prefix} event type`);
const eventEntries = {
  id: v.string(),
  /** The API version the event is written in (also the delivery's Pasarela-Version header). */
  apiVersion: v.optional(v.string()),
  createdAt: v.string(),
  /** true on a sample sent with `webhookEndpoints.sendTest` (its transaction, payout or dispute is made up); absent on real events. */
  test: v.optional(v.boolean()),
};

/** transaction.*: `data` is the transaction, with the refund a refund event announces. */
export const TransactionEventSchema = v.looseObject({ ...eventEntries, type: typeAmong<TransactionEventType>('transaction.'), data: EventDataSchema });
export type TransactionEvent = v.InferOutput<typeof TransactionEventSchema>;
/** payout.paid and payout.failed: `data` is the payout. */
export const PayoutEventSchema = v.looseObject({ ...eventEntries, type: typeAmong<PayoutEventType>('payout.'), data: PayoutSchema });
export type PayoutEvent = v.InferOutput<typeof PayoutEventSchema>;
/** dispute.created, dispute.updated and dispute.closed: `data` is the dispute, with the evidence's presence but not its text. */
export const DisputeEventSchema = v.looseObject({ ...eventEntries, type: typeAmong<DisputeEventType>('dispute.'), data: DisputeEventDataSchema });
export type DisputeEvent = v.InferOutput<typeof DisputeEventSchema>;
/** subscription.cancelled: `data` is the subscription, as `subscriptions.retrieve` answers it. */
export const SubscriptionEventSchema = v.looseObject({ ...eventEntries, type: typeAmong<SubscriptionEventType>('subscription.'), data: SubscriptionSchema });
export type SubscriptionEvent = v.InferOutput<typeof SubscriptionEventSchema>;
/** An event of a type this version does not know: its `data` as it came. */
export const LaterEventSchema = v.looseObject({
  ...eventEntries,
  type: v.custom<LaterEventType>((x) => typeof x === 'string' && !known.includes(x), 'expected an event type this version does not know'),
  data: v.looseObject({}),
});
export type LaterEvent = v.InferOutput<typeof LaterEventSchema>;

/** A webhook's event, the same object as an item of the change feed (GET /events): a union discriminated by `type`. */
export const WebhookEventSchema = v.union([TransactionEventSchema, PayoutEventSchema, DisputeEventSchema, SubscriptionEventSchema, LaterEventSchema]);
export type WebhookEvent = v.InferOutput<typeof WebhookEventSchema>;

/** An endpoint webhooks are sent to (docs/merchant-api.md "Webhook endpoints"). */
export const WebhookEndpointSchema = v.looseObject({
  /** `we_` and 32 hex digits. */
  id: v.string(),
  url: v.string(),
  /** The event types it is sent, or `['*']` for all. */
  events: v.array(v.string()),
  /** The merchant's webhook URL as the sandbox shows it. */
  primary: v.boolean(),
  /** While a rolled secret still signs beside the new one: when it stops; else null. */
  previousSecretExpiresAt: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
  /** Its signing secret (`whsec_...`): only in the answers of create and rollSecret, so keep it then. */
  secret: v.optional(v.string()),
});
export type WebhookEndpoint = v.InferOutput<typeof WebhookEndpointSchema>;

export type WebhookDeliveryState = Open<'pending' | 'delivered' | 'failed' | 'skipped'>;

/** One delivery of an event to an endpoint, its tries and how the last one went. */
export const WebhookDeliverySchema = v.looseObject({
  id: v.string(),
  /** The event it carries (evt_...); null for a test event (sendTest), which is no event of the change feed. */
  eventId: v.nullable(v.string()),
  /** A sample sent with sendTest. */
  test: v.boolean(),
  /** pending until a 2xx or until its retries run out; skipped: a type the endpoint no longer takes. */
  state: open<'pending' | 'delivered' | 'failed' | 'skipped'>(),
  attempts: v.number(),
  /** The HTTP status the endpoint last answered; null before an answer. */
  lastStatusCode: v.nullable(v.number()),
  lastError: v.nullable(v.string()),
  /** While pending: when the next try goes. */
  nextAttemptAt: v.nullable(v.string()),
  deliveredAt: v.nullable(v.string()),
  createdAt: v.string(),
  /** Every attempt made, redeliveries included (`attempts` counts those since the last redelivery). */
  attemptsRecorded: v.optional(v.number()),
  /** The last 20 attempts, newest first: each one's HTTP status or why there was none (`error`), and how long it took. */
  recentAttempts: v.optional(v.array(v.looseObject({
    number: v.number(),
    attemptedAt: v.string(),
    statusCode: v.nullable(v.number()),
    error: v.nullable(v.string()),
    durationMs: v.number(),
  }))),
});
export type WebhookDelivery = v.InferOutput<typeof WebhookDeliverySchema>;

/** What deleting an endpoint answers. */
export const DeletedSchema = v.looseObject({ id: v.string(), deleted: v.boolean() });
export type Deleted = v.InferOutput<typeof DeletedSchema>;

/** A rolled secret key: the new key, shown only in this answer (and its Idempotency-Key replays). */
export const RolledKeySchema = v.looseObject({
  secretKey: v.string(),
  /** Until when the key that asked keeps working beside the new one; null: it stopped at once. */
  previousKeyExpiresAt: v.nullable(v.string()),
});
export type RolledKey = v.InferOutput<typeof RolledKeySchema>;

const pageOf = <T extends v.GenericSchema>(item: T) => v.looseObject({ data: v.array(item), hasMore: v.boolean(), nextCursor: v.nullable(v.string()) });
export const PaymentLinkPageSchema = pageOf(PaymentLinkSchema);
export const TransactionPageSchema = pageOf(TransactionSchema);
export const EventPageSchema = pageOf(WebhookEventSchema);
export const WebhookEndpointPageSchema = pageOf(WebhookEndpointSchema);
export const WebhookDeliveryPageSchema = pageOf(WebhookDeliverySchema);

/** One page of a list; `nextCursor` asks for the next. */
export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** An error answer: the catalogue's code, a message, and the request's id (quote it to support). */
export const ErrorSchema = v.looseObject({ code: v.union([v.string(), v.number()]), message: v.string(), requestId: v.optional(v.string()) });
