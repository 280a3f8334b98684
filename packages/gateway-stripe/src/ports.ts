// The card port as @pasarela/gateways defines it (docs/gateways.md), the part this adapter fills.
// Kept here until that package is published beside this one; the shapes are the same.

export interface GatewayCall {
  idempotencyKey: string;
  deadline: Date;
}

const OUTCOME_UNKNOWN = Symbol.for('pasarela.gatewayOutcomeUnknown');

/** The processor's answer did not come by the deadline, or the connection failed: what it did is unknown. */
export class GatewayOutcomeUnknown extends Error {
  override readonly name = 'GatewayOutcomeUnknown';
  readonly [OUTCOME_UNKNOWN] = true;
}

/** Recognises the error by its brand, so any copy of the class counts. */
export function isGatewayOutcomeUnknown(error: unknown): error is GatewayOutcomeUnknown {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[OUTCOME_UNKNOWN] === true;
}

export interface CardDetails {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  holder: string;
}

/** A card the processor keeps: its reusable token and its customer, as saveCard returned them. */
export interface SavedCardRef {
  token: string;
  customer: string | null;
}

export interface MerchantDescriptor {
  name: string;
  logo: string | null;
  color?: string | null | undefined;
}

export interface CardAuthorization extends GatewayCall {
  amountCents: number;
  currency: string;
  card: CardDetails | SavedCardRef;
  merchant: MerchantDescriptor;
  lang: 'es' | 'en';
  capture: boolean;
  returnUrl?: string | undefined;
}

export type CardDeclineReason = 'generic' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'three_ds_failed';

export type CardDecision =
  | { status: 'approved'; reference: string; message: string }
  | { status: 'declined'; reference: string; reason: CardDeclineReason; message: string }
  | { status: 'challenge'; reference: string; url: string; message: string }
  | { status: 'pending'; reference: string; message: string }
  | { status: 'failed'; message: string };

export type ChargeCall = GatewayCall & { reference: string; amountCents?: number | undefined; currency: string };
export type RefundCall = GatewayCall & { reference: string; amountCents: number; currency: string };
export type RefundResult = { status: 'refunded' | 'pending' | 'refused'; reference?: string | undefined };
export type SaveCardCall = GatewayCall & { card: CardDetails; customer: string | null; currency: string };
export type SaveCardResult =
  | { status: 'saved'; token: string; customer: string | null; brand: string; last4: string }
  | { status: 'declined'; reason: CardDeclineReason; message: string };

export interface CardProcessor {
  authorize(request: CardAuthorization): Promise<CardDecision>;
  lookup(call: GatewayCall & { reference: string | null }): Promise<CardDecision | null>;
  capture(call: ChargeCall): Promise<'captured' | 'refused'>;
  void(call: ChargeCall): Promise<'voided' | 'refused'>;
  refund(call: RefundCall): Promise<RefundResult>;
  refundOutcome(call: GatewayCall & { reference: string; refundReference: string | null }): Promise<'refunded' | 'failed' | 'pending' | null>;
  saveCard(call: SaveCardCall): Promise<SaveCardResult>;
}

export interface DisputeFacts {
  reference: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  amountCents: number;
  currency: string;
  reason: string;
  evidenceDueBy: Date | null;
}

export type GatewayEvent =
  | { id: string; kind: 'card'; key: string; reference?: string | undefined; decision: CardDecision }
  | { id: string; kind: 'refund'; key: string; reference?: string | undefined; outcome: 'refunded' | 'failed' }
  | { id: string; kind: 'dispute'; paymentReference: string; dispute: DisputeFacts };

export interface InboundNotification {
  body: string;
  headers: Headers;
}

export type NotificationHandler = (notification: InboundNotification) => Promise<readonly GatewayEvent[] | undefined>;

export interface GatewaysModuleContext {
  notificationUrl(port: 'card' | 'push' | 'voucher' | 'crypto' | 'bank'): string;
}

export interface ProvidedGateways {
  gateways: { card: CardProcessor };
  notifications?: { card?: NotificationHandler };
}
