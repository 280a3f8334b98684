import type Stripe from 'stripe';
import { KEY_FIELD, brandOf, declineReasonOf } from './decisions';
import { withinDeadline } from './stripeCall';
import { stripeSourceOf } from './cardSource';
import type { StripeContext } from './charges';
import type { SaveCardRequest, SavedCard } from '@pasarela/gateways';

/** The payer's first card makes a Stripe customer, the next ones join it; Stripe checks the card with its issuer as it attaches it. */
export async function saveCard({ stripe }: StripeContext, call: SaveCardRequest): Promise<SavedCard> {
  const metadata = { [KEY_FIELD]: call.idempotencyKey };
  try {
    const tokenized = { token: await stripeSourceOf({ stripe }, call.card, call.deadline, `token:${call.idempotencyKey}`) };
    if (call.customer) {
      const customer = call.customer;
      const card = await withinDeadline(call.deadline, `card:${call.idempotencyKey}`, (options) =>
        stripe.customers.createSource(customer, { source: tokenized.token, metadata }, options),
      );
      return saved(card as Stripe.Card, customer);
    }
    const customer = await withinDeadline(call.deadline, `customer:${call.idempotencyKey}`, (options) =>
      stripe.customers.create({ source: tokenized.token, metadata, expand: ['sources'] }, options),
    );
    const card = customer.sources?.data.find((source) => source.id === customer.default_source);
    if (!card) throw new Error(`Stripe made customer ${customer.id} without the card`);
    return saved(card as Stripe.Card, customer.id);
  } catch (error) {
    const e = error as { type?: string; code?: string; decline_code?: string; message?: string };
    if (e.type !== 'StripeCardError') throw error;
    return { status: 'declined', reason: declineReasonOf(e.code, e.decline_code), message: e.message ?? 'Declined' };
  }
}

function saved(card: Stripe.Card, customer: string): SavedCard {
  return { status: 'saved', token: card.id, customer, brand: brandOf(card.brand), last4: card.last4 };
}
