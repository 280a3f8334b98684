import Stripe from 'stripe';
import type { ContractInputs, GatewayEvent } from '@pasarela/gateways';
import { KEY_FIELD } from './decisions';

const card = (number: string) => ({ number, expMonth: '12', expYear: '2034', cvc: '123', holder: 'Contract Kit' });

/** For the contract kit: Stripe's test cards, no 3D Secure (its test tokens ask none), Stripe's API origin, and how Stripe signs a webhook. */
export const contract: ContractInputs = {
  cards: { approves: card('4242424242424242'), declines: card('4000000000000002'), fails: card('4000000000000119') },
  supports: { threeDS: false, captureLater: true, savedCards: true, partialRefunds: true },
  // The kit's proxy stands in front of the API the module is pointed at (STRIPE_API_URL, else Stripe's).
  processor: { env: 'STRIPE_API_URL', url: 'https://api.stripe.com' },
  secondCurrency: 'EUR',
  notify: (_port, events) => {
    const secret = process.env['STRIPE_WEBHOOK_SECRET'] ?? '';
    const [event] = events.filter((e): e is Extract<GatewayEvent, { kind: 'card' }> => e.kind === 'card');
    const charge = { id: event?.reference, object: 'charge', status: 'succeeded', metadata: { [KEY_FIELD]: event?.key } };
    const body = JSON.stringify({ id: event?.id, object: 'event', type: 'charge.succeeded', data: { object: charge } });
    const signature = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({ payload: body, secret });
    return { body, headers: new Headers({ 'content-type': 'application/json', 'stripe-signature': signature }) };
  },
};
