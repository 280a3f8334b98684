import type Stripe from 'stripe';
import { authorize, capture, lookup, voidCharge, type StripeContext } from './charges';
import { acceptDispute, dispute, submitDisputeEvidence } from './disputes';
import { stripeNotifications } from './notifications';
import { refund, refundOutcome } from './refunds';
import { saveCard } from './savedCards';
import { stripeClient, type StripeConnection } from './stripeCall';
import type { CardProcessor, GatewaysModuleContext, ProvidedGateways } from '@pasarela/gateways';

export { contract } from './contract';
export { stripeNotifications } from './notifications';
export type { StripeConnection } from './stripeCall';

export interface StripeCardOptions extends StripeConnection {
  /** How far back `lookup` lists charges to find one by its key alone; 2 days unless told. */
  lookupWindowMs?: number | undefined;
}

const TWO_DAYS_MS = 2 * 24 * 60 * 60 * 1000;

/** The card port on Stripe's charges, refunds and customers. */
export function stripeCardProcessor(options: StripeCardOptions, stripe: Stripe = stripeClient(options)): CardProcessor {
  const context: StripeContext = { stripe, lookupWindowMs: options.lookupWindowMs ?? TWO_DAYS_MS };
  return {
    authorize: (request) => authorize(context, request),
    lookup: (call) => lookup(context, call),
    capture: (call) => capture(context, call),
    void: (call) => voidCharge(context, call),
    refund: (call) => refund(context, call),
    refundOutcome: (call) => refundOutcome(context, call),
    dispute: (call) => dispute(context, call),
    submitDisputeEvidence: (call) => submitDisputeEvidence(context, call),
    acceptDispute: (call) => acceptDispute(context, call),
    saveCard: (call) => saveCard(context, call),
  };
}

/**
 * GATEWAYS_MODULE=@pasarela/gateway-stripe: the card port on Stripe, configured by
 * STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (the signing secret of the endpoint registered at
 * `context.notificationUrl('card')`) and STRIPE_API_URL: the card vault's Stripe forwarding origin
 * (VAULT_FORWARD_PORT_stripe), which puts the card number in place of the vault's token on the way to
 * Stripe, with VAULT_API_SECRET; or a fake's origin. A token of Stripe's own (Elements) needs no vault.
 */
export default function stripeGateways(_context: GatewaysModuleContext, env: Readonly<Record<string, string | undefined>> = process.env): ProvidedGateways {
  const secretKey = env.STRIPE_SECRET_KEY;
  if (!secretKey) throw new Error('@pasarela/gateway-stripe: STRIPE_SECRET_KEY is not set');
  const connection = { secretKey, apiUrl: env.STRIPE_API_URL || undefined, vaultSecret: env.VAULT_API_SECRET || undefined };
  const stripe = stripeClient(connection);
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  return {
    processor: 'stripe',
    gateways: { card: stripeCardProcessor(connection, stripe) },
    ...(webhookSecret ? { notifications: { card: stripeNotifications(stripe, webhookSecret) } } : {}),
  };
}
