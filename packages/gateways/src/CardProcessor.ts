import type { GatewayCall } from './GatewayCall';
import type { Dispute } from './GatewayEvent';

export type PayerLanguage = 'es' | 'en';

/**
 * A card the payer typed into a tokenizer, never its number or CVC (docs/security.md "Card data"):
 * the card vault's token (`tok_...`), which the vault's forwarding turns back into the number on the
 * way to a processor that takes numbers, or a processor's own browser token (Stripe's `pm_...`). With
 * the card's facts that are no secret, for an adapter that needs them.
 */
export interface CardToken {
  token: string;
  /** VISA, MC or AMEX. */
  brand: string;
  last4: string;
  /** Two digits. */
  expMonth: string;
  /** Four digits. */
  expYear: string;
  holder: string;
}

/** Whom the payer pays, as the issuer's 3D Secure page and the bank's page show it. */
export interface MerchantDescriptor {
  name: string;
  logo: string | null;
  /** The brand's colour (#rrggbb) for the page's approve button, when the shop has one. */
  color?: string | null | undefined;
}

/** A card the processor keeps (a wallet's saved card, a subscription's): its own reusable token and customer, as saveCard returned them. */
export interface SavedCardRef {
  token: string;
  customer: string | null;
}

export interface CardAuthorization extends GatewayCall {
  amountCents: number;
  /** ISO 4217 ('USD'). */
  currency: string;
  /** A typed card's token, or a card the processor keeps (`isCardToken` tells them apart). */
  card: CardToken | SavedCardRef;
  merchant: MerchantDescriptor;
  lang: PayerLanguage;
  capture: boolean;
  /** Where the issuer's 3D Secure page sends the payer back (an http(s) URL on the checkout's origin); absent: a challenge has nowhere to return. */
  returnUrl?: string | undefined;
}

/** Why an issuer refused a card, in the words every processor's codes map to. */
export type CardDeclineReason = 'generic' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'three_ds_failed';

/** `reference` is the processor's own id of the charge (Stripe's `ch_...`), handed back on every later call about it. */
export type CardDecision =
  | { status: 'approved'; reference: string; message: string }
  | { status: 'declined'; reference: string; reason: CardDeclineReason; message: string }
  /** 3D Secure: the payer proves it is them on the issuer's page; the outcome arrives as an event. */
  | { status: 'challenge'; reference: string; url: string; message: string }
  | { status: 'pending'; reference: string; message: string }
  /** The processor could not decide (its own error): nothing was charged, the payer may retry. */
  | { status: 'failed'; message: string };

/**
 * What `lookup` may answer besides a decision: an authorization held and then released (`void`)
 * before anything was captured. Nothing was taken from the payer, and nothing can be captured.
 */
export type CardLookup = CardDecision | { status: 'voided'; reference: string; message: string };

export interface ChargeCall extends GatewayCall {
  reference: string;
}

export interface CardRefundRequest extends ChargeCall {
  amountCents: number;
  currency: string;
}

/** A refund's answer: made, still pending at the processor (its outcome arrives as an event), or refused. */
export interface CardRefundAnswer {
  status: 'refunded' | 'pending' | 'refused';
  reference?: string | undefined;
}

/** A call about one dispute on a charge: `reference` is the charge's, `disputeReference` the dispute's (as `dispute` takes them). */
export interface DisputeCall extends ChargeCall {
  disputeReference: string;
}

/** The merchant's answer to a dispute: its evidence, as text, sent to the issuer through the processor. */
export interface DisputeEvidenceCall extends DisputeCall {
  evidence: string;
}

export interface SaveCardRequest extends GatewayCall {
  card: CardToken;
  /** The processor's customer the card joins (the payer's earlier one), or null for a new one. */
  customer: string | null;
  currency: string;
  /**
   * A charge of this card follows at once, with the payer there (a subscription's first payment): its
   * 3D Secure or pending answer confirms the card, so one its issuer has not confirmed yet is saved.
   * Otherwise (the wallet's add-card) such a card is `unconfirmed` and not saved.
   */
  chargeFollows?: boolean;
}

export type SavedCard =
  | { status: 'saved'; token: string; customer: string | null; brand: string; last4: string }
  | { status: 'declined'; reason: CardDeclineReason; message: string }
  /**
   * Not saved: the issuer did not confirm the card (it asks for 3D Secure, or has not decided) and no
   * charge follows (`chargeFollows`). Kept, it would be charged later with no challenge.
   */
  | { status: 'unconfirmed'; outcome: 'challenge' | 'pending'; message: string };

export interface CardProcessor {
  authorize(request: CardAuthorization): Promise<CardDecision>;
  /**
   * What it decided for the attempt with this key; null only when it never received it (still deciding:
   * `pending`; an approved hold released since: `voided`).
   */
  lookup(call: GatewayCall & { reference: string | null }): Promise<CardLookup | null>;
  /** Captures `amountCents` (at most what was held) of an authorization made with `capture: false`. */
  capture(call: ChargeCall & { amountCents: number; currency: string }): Promise<'captured' | 'refused'>;
  /** Gives back `amountCents` of an approved charge; `idempotencyKey` is the refund's own. */
  refund(request: CardRefundRequest): Promise<CardRefundAnswer>;
  /** What became of the refund with this key: null when it made none under it (never received, or refused). */
  refundOutcome(call: ChargeCall & { refundReference: string | null }): Promise<'refunded' | 'failed' | 'pending' | null>;
  /**
   * The dispute with this reference on the charge as the processor's books hold it now; null when the
   * charge has none by that reference. A dispute event moves money only as this answers: without it,
   * no dispute event moves money.
   */
  dispute?(call: DisputeCall): Promise<Dispute | null>;
  /**
   * Sends the merchant's evidence to the processor (and on to the issuer), once per key: the dispute as
   * its books hold it now (`under_review` once taken; still `needs_response` when it took nothing), or
   * null when the charge has none by that reference. Without it, a dispute cannot be answered.
   */
  submitDisputeEvidence?(call: DisputeEvidenceCall): Promise<Dispute | null>;
  /** Accepts the dispute at the processor (the merchant gives up the money), once per key: the dispute as its books hold it now (`lost`), or null as `dispute`. */
  acceptDispute?(call: DisputeCall): Promise<Dispute | null>;
  /** Cancels an authorization that is not settled yet (a 3DS challenge left open, a pending one). */
  void(call: ChargeCall): Promise<'voided' | 'refused'>;
  /** Keeps a card for later charges (a wallet's card check, a subscription's first payment): the processor's reusable token. */
  saveCard(request: SaveCardRequest): Promise<SavedCard>;
}

/** A typed card's token rather than a card the processor keeps. */
export const isCardToken = (card: CardToken | SavedCardRef): card is CardToken => 'last4' in card;

/**
 * The card vault's token: `tok_` and 32 base64url characters (its key), then optionally `.` and its seal
 * of 40 to 600. The same form as @pasarela/core's CARD_TOKEN_PATTERN, written here because this package
 * depends on no other (the sandbox's payments/vaultCard.test.ts holds the two to one table).
 */
const VAULT_TOKEN = /^(tok_[A-Za-z0-9_-]{32})(?:\.[A-Za-z0-9_-]{40,600})?$/;

/**
 * The card vault's key of a vault token, with or without the card's facts sealed after its dot; undefined
 * for anything else (a processor's own browser token, such as Stripe's `pm_...`). An adapter that sends a
 * vault token through the vault's forwarding sends the key alone: the vault finds the card by it, and
 * the seal is for Pasarela's server only.
 */
export function vaultCardKey(token: string): string | undefined {
  return VAULT_TOKEN.exec(token)?.[1];
}
