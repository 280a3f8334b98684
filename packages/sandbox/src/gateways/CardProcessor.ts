import type { Language } from '@pasarela/core';
import type { GatewayCall } from './GatewayCall';

/** The card as the processor needs it; never stored or logged by Pasarela. */
export interface CardDetails {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  holder: string;
}

/** Whom the payer pays, as the issuer's 3D Secure page and the bank's page show it. */
export interface MerchantDescriptor {
  name: string;
  /** An http(s) address the payer's browser can load from the processor's page, or null. */
  logo: string | null;
  /** The brand's colour (#rrggbb) for the page's approve button, when the shop has one. */
  color?: string | null | undefined;
}

/** A card the processor keeps for its payer (a wallet's saved card, a subscription's), charged by its token. */
export interface StoredCardRef {
  token: string;
}

export interface CardAuthorization extends GatewayCall {
  amountCents: number;
  card: CardDetails | StoredCardRef;
  merchant: MerchantDescriptor;
  /** The payer's language, for the issuer's texts and its 3DS page. */
  lang: Language;
  /** Capture at once (SPEC 9 AUTH_CAPTURE), or hold the amount for a later capture (AUTH). */
  capture: boolean;
  /**
   * Where the issuer's 3D Secure page sends the payer back once it has answered (an http(s) URL on
   * the checkout's origin); the page goes nowhere else. Absent: a challenge has nowhere to return.
   */
  returnUrl?: string | undefined;
}

/** Why an issuer refused a card, in the words every processor's codes map to. */
export type CardDeclineReason = 'generic' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'three_ds_failed';

/** What the processor decided; `message` is the issuer's text for the payer (SPEC 3 messageSys). */
export type CardDecision =
  | { status: 'approved'; message: string }
  | { status: 'declined'; reason: CardDeclineReason; message: string }
  /** 3D Secure: the payer proves it is them on the issuer's page; the outcome arrives as an event. */
  | { status: 'challenge'; url: string; message: string }
  /** The issuer will answer later, as an event. */
  | { status: 'pending'; message: string }
  /** The processor could not decide (its own error): nothing was charged, the payer may retry. */
  | { status: 'failed'; message: string };

/** A card processor (the seam a real acquirer's adapter fills). */
export interface CardProcessor {
  authorize(request: CardAuthorization): Promise<CardDecision>;
  /** What it decided for the attempt with this key; null when it never received it. */
  lookup(call: GatewayCall): Promise<CardDecision | null>;
  /** Captures `amountCents` (at most what was held) of an authorization made with `capture: false`. */
  capture(call: GatewayCall & { authorizationKey: string; amountCents: number }): Promise<'captured' | 'refused'>;
  /** Gives back `amountCents` of an approved authorization (the attempt's key names it). */
  refund(call: GatewayCall & { authorizationKey: string; amountCents: number }): Promise<'refunded' | 'refused'>;
  /** What became of the refund with this key: made ('refunded'), or null when it made none under it (never received, or refused). */
  refundOutcome(call: GatewayCall & { authorizationKey: string }): Promise<'refunded' | null>;
  /** Cancels an authorization that is not settled yet (a 3DS challenge left open, a pending one). */
  void(call: GatewayCall & { authorizationKey: string }): Promise<'voided' | 'refused'>;
}
