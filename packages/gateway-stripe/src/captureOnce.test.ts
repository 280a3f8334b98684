import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import type { CardProcessor } from '@pasarela/gateways';
import { stripeCardProcessor } from './index';
import { stripeClient } from './stripeCall';
import { startStripeMock, type RunningStripeMock } from './testing/stripeMock';
import { TEST_KEY, authorization, inSeconds, newKey, stripeToken } from './testing/fixtures';

// A capture asked again under its key once Stripe has forgotten the idempotency key (24 hours: the
// server's reconciler asks a capture in doubt again under the same key until it is answered). Stripe
// then refuses it as already captured; answered `refused`, the server would reopen a hold whose money
// Stripe took. Here the earlier capture is made under another Stripe idempotency key, as Stripe sees
// a resend once it forgot the first.

let mock: RunningStripeMock;
let stripe: Stripe;
let processor: CardProcessor;
beforeAll(async () => {
  mock = await startStripeMock();
  stripe = stripeClient({ secretKey: TEST_KEY, apiUrl: mock.url });
  processor = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: mock.url });
});
afterAll(() => mock.stop());

async function heldCharge(): Promise<string> {
  const decision = await processor.authorize(authorization(stripeToken('4242424242424242'), { capture: false }));
  return (decision as { reference: string }).reference;
}

describe('a capture asked again after Stripe forgot its idempotency key', () => {
  it('is captured when Stripe holds the charge captured for that amount, with no second call taking more', async () => {
    const reference = await heldCharge();
    await stripe.charges.capture(reference, { amount: 2_000 }, { idempotencyKey: newKey('forgotten') });
    const again = await processor.capture({ idempotencyKey: newKey('capture'), deadline: inSeconds(5), reference, amountCents: 2_000, currency: 'USD' });
    expect(again).toBe('captured');
    expect((await stripe.charges.retrieve(reference)).amount_captured).toBe(2_000);
  });

  it('is refused when Stripe holds it captured for another amount', async () => {
    const reference = await heldCharge();
    await stripe.charges.capture(reference, { amount: 1_500 }, { idempotencyKey: newKey('forgotten') });
    const other = await processor.capture({ idempotencyKey: newKey('capture'), deadline: inSeconds(5), reference, amountCents: 2_000, currency: 'USD' });
    expect(other).toBe('refused');
  });
});
