import type Stripe from 'stripe';
import { KEY_FIELD, decisionOfCardError, decisionOfCharge, isMissing, isRefusedCall } from './decisions';
import { withinDeadline } from './stripeCall';
import { stripeSourceOf } from './cardSource';
import { isCardToken, type CardAuthorization, type CardDecision, type CardLookup, type ChargeCall, type GatewayCall } from '@pasarela/gateways';

type CaptureCall = ChargeCall & { amountCents: number; currency: string };

export interface StripeContext {
  stripe: Stripe;
  /** How far back `lookup` looks for a charge by its key when it has no reference (listing is exact; Stripe's search lags). */
  lookupWindowMs: number;
}

/**
 * Stripe's largest charge: eight digits in the currency's minor units, 999,999.99 in a two-decimal
 * currency (USD, and COP, which Stripe counts with two decimals as ISO 4217 does), unless Stripe raised
 * the account's maximum. A Colombian merchant's limit is far above it (20.000.000 COP by default).
 */
export const STRIPE_MAX_AMOUNT = 99_999_999;

/**
 * Stripe's smallest charge in the currencies whose minimum it publishes as a fixed amount: 0.50 in USD
 * and in EUR (its currencies page, "Minimum and maximum charge amounts"). In another currency (COP)
 * the minimum is what converts to 0.50 in the account's settlement currency at the day's rate: not
 * known here, it is left to Stripe, whose refusal (`amount_too_small`) is answered `failed`.
 */
export const STRIPE_MIN_AMOUNT: Readonly<Record<string, number>> = { USD: 50, EUR: 50 };

/** Why Stripe would refuse the amount, said before any call (Stripe's own message names dollars whatever the currency). */
export function amountRefusal(amountCents: number, currency: string): string | undefined {
  const code = currency.toUpperCase();
  const units = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const least = STRIPE_MIN_AMOUNT[code];
  if (least !== undefined && amountCents < least) return `Stripe charges at least ${units(least)} ${code}: ${units(amountCents)} ${code} was not sent, nothing charged`;
  if (amountCents <= STRIPE_MAX_AMOUNT) return undefined;
  return `Stripe charges at most ${units(STRIPE_MAX_AMOUNT)} ${code} at once: ${units(amountCents)} ${code} was not sent, nothing charged`;
}

/**
 * One charge per key: the body holds only what the attempt fixes (amount, currency, card, capture,
 * the key in metadata), so a resend is the same request and Stripe answers it from its record.
 */
export async function authorize({ stripe }: StripeContext, request: CardAuthorization): Promise<CardDecision> {
  const refused = amountRefusal(request.amountCents, request.currency);
  if (refused) return { status: 'failed', message: refused };
  const params: Stripe.ChargeCreateParams = {
    amount: request.amountCents,
    currency: request.currency.toLowerCase(),
    capture: request.capture,
    description: request.merchant.name,
    metadata: { [KEY_FIELD]: request.idempotencyKey },
  };
  const { card } = request;
  try {
    if (isCardToken(card)) {
      params.source = await stripeSourceOf({ stripe }, card, request.deadline, `token:${request.idempotencyKey}`);
    } else {
      params.source = card.token;
      if (card.customer) params.customer = card.customer;
    }
    const charge = await withinDeadline(request.deadline, `charge:${request.idempotencyKey}`, (options) => stripe.charges.create(params, options));
    return decisionOfCharge(charge);
  } catch (error) {
    const decision = decisionOfCardError(error);
    if (decision) return decision;
    if (isRefusedCall(error)) return { status: 'failed', message: (error as Error).message };
    throw error;
  }
}

/** The charge made under the key: by its reference when known, else found by the key in its metadata. */
export async function findCharge(context: StripeContext, call: GatewayCall & { reference: string | null }): Promise<Stripe.Charge | null> {
  const { stripe } = context;
  if (call.reference) {
    const reference = call.reference;
    try {
      return await withinDeadline(call.deadline, undefined, (options) => stripe.charges.retrieve(reference, {}, options));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return withinDeadline(call.deadline, undefined, (options) => chargeByKey(context, call.idempotencyKey, options));
}

async function chargeByKey({ stripe, lookupWindowMs }: StripeContext, key: string, options: Stripe.RequestOptions): Promise<Stripe.Charge | null> {
  const created = { gte: Math.floor((Date.now() - lookupWindowMs) / 1000) };
  for await (const charge of stripe.charges.list({ created, limit: 100 }, options)) {
    if (charge.metadata?.[KEY_FIELD] === key) return charge;
  }
  return null;
}

/**
 * null only when Stripe holds no charge for the key: a charge it has not decided is `pending`; a hold
 * let go before any capture (an uncaptured charge refunded whole, as voidCharge does) is `voided`.
 */
export async function lookup(context: StripeContext, call: GatewayCall & { reference: string | null }): Promise<CardLookup | null> {
  const charge = await findCharge(context, call);
  if (!charge) return null;
  if (charge.status === 'succeeded' && !charge.captured && charge.refunded) return { status: 'voided', reference: charge.id, message: 'The hold was released; nothing was taken' };
  return decisionOfCharge(charge);
}

/** Captures at most what was held, in its currency: Stripe refuses more, and the adapter checks it first (the fake does not). */
export async function capture(context: StripeContext, call: CaptureCall): Promise<'captured' | 'refused'> {
  const { stripe } = context;
  const held = await findCharge(context, call);
  if (!held || held.currency !== call.currency.toLowerCase()) return 'refused';
  // Captured already: this capture asked again once Stripe forgot its key (24 hours), which Stripe would
  // refuse as already captured, though the money it asks for was taken. Another amount is refused.
  if (held.captured) return held.amount_captured === call.amountCents ? 'captured' : 'refused';
  // A hold let go (voided: refunded whole) is not captured; the fake would.
  if (held.refunded || call.amountCents > held.amount) return 'refused';
  const params: Stripe.ChargeCaptureParams = { amount: call.amountCents };
  try {
    await withinDeadline(call.deadline, `capture:${call.idempotencyKey}`, (options) => stripe.charges.capture(call.reference, params, options));
    return 'captured';
  } catch (error) {
    if (isRefusedCall(error)) return 'refused';
    throw error;
  }
}

/** A charge not captured yet is let go by refunding it whole; a captured one is refused (refund it instead). */
export async function voidCharge(context: StripeContext, call: ChargeCall): Promise<'voided' | 'refused'> {
  const { stripe } = context;
  const charge = await findCharge(context, call);
  if (!charge || charge.status === 'failed') return 'voided';
  if (charge.captured) return 'refused';
  if (charge.refunded) return 'voided';
  try {
    await withinDeadline(call.deadline, `void:${call.idempotencyKey}`, (options) =>
      stripe.refunds.create({ charge: charge.id, metadata: { [KEY_FIELD]: call.idempotencyKey } }, options),
    );
    return 'voided';
  } catch (error) {
    if (isRefusedCall(error)) return 'refused';
    throw error;
  }
}
