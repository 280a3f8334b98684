import type Stripe from 'stripe';
import type { CardDecision, CardDeclineReason } from '@pasarela/gateways';

/** The charge's metadata field that holds Pasarela's idempotency key, to find the charge by it later. */
export const KEY_FIELD = 'pasarela_key';

/** Stripe's codes (the error's `decline_code`, else its `code`; a charge's `failure_code`) in the port's words. */
export function declineReasonOf(code: string | null | undefined, declineCode?: string | null): CardDeclineReason {
  return reasonOfWord(declineCode) ?? reasonOfWord(code) ?? 'generic';
}

const REASONS: Readonly<Record<string, CardDeclineReason>> = {
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
  invalid_cvc: 'incorrect_cvc',
  authentication_required: 'three_ds_failed',
};

function reasonOfWord(word: string | null | undefined): CardDeclineReason | undefined {
  return word ? REASONS[word] : undefined;
}

/** Stripe's own error processing the card: nothing charged, the payer may try again. */
const NOT_DECIDED = new Set(['processing_error']);

export function decisionOfCharge(charge: Stripe.Charge): CardDecision {
  const reference = charge.id;
  if (charge.status === 'succeeded') return { status: 'approved', reference, message: 'Approved' };
  if (charge.status === 'pending') return { status: 'pending', reference, message: 'The card issuer has not answered yet' };
  const message = charge.failure_message ?? 'Declined';
  if (charge.failure_code && NOT_DECIDED.has(charge.failure_code)) return { status: 'failed', message };
  return { status: 'declined', reference, reason: declineReasonOf(charge.failure_code, charge.outcome?.reason), message };
}

interface StripeErrorLike {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
  statusCode?: number;
  raw?: { charge?: string };
}

/** A card error from Stripe's charge call (402): the declined charge it recorded, or nothing charged. */
export function decisionOfCardError(error: unknown): CardDecision | undefined {
  const e = error as StripeErrorLike;
  if (e.type !== 'StripeCardError') return undefined;
  const message = e.message ?? 'Declined';
  const reference = e.raw?.charge;
  if (!reference || (e.code && NOT_DECIDED.has(e.code))) return { status: 'failed', message };
  return { status: 'declined', reference, reason: declineReasonOf(e.code, e.decline_code), message };
}

/** Stripe refused the call itself (4xx, not a card's decline): it did nothing. A key's conflict is not one: something was done under it (stripeCall.ts). */
export function isRefusedCall(error: unknown): boolean {
  return (error as StripeErrorLike).type === 'StripeInvalidRequestError';
}

export function isMissing(error: unknown): boolean {
  return (error as StripeErrorLike).statusCode === 404;
}

export function brandOf(stripeBrand: string): string {
  const brand = stripeBrand.toLowerCase();
  if (brand === 'visa') return 'VISA';
  if (brand === 'mastercard') return 'MC';
  if (brand === 'american express' || brand === 'amex') return 'AMEX';
  return brand;
}
