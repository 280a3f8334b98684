import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import type { CardProcessor } from '@pasarela/gateways';
import { stripeCardProcessor } from './index';
import { KEY_FIELD } from './decisions';
import { stripeClient } from './stripeCall';
import { startStripeMock, type RunningStripeMock } from './testing/stripeMock';
import { TEST_KEY, authorization, inSeconds, newKey, stripeToken } from './testing/fixtures';

// Stripe keeps an idempotency key 24 hours; the server asks a refund (its give-back) or a capture in
// doubt again under the same key until it is answered. A refund made a day earlier, its answer lost,
// must not be made again; a capture Stripe then refuses as already captured must not be answered
// `refused` (the server would reopen a hold whose money Stripe took). Here the earlier call is made
// under another Stripe idempotency key, as Stripe sees a resend once it forgot the first one.

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

describe('a refund asked again under its key after Stripe forgot the idempotency key', () => {
  it('answers the refund already made under the key and makes no second one', async () => {
    const decision = await processor.authorize(authorization(stripeToken('4242424242424242')));
    const reference = (decision as { reference: string }).reference;
    const key = newKey('refund');
    const earlier = await stripe.refunds.create({ charge: reference, amount: 1_000, metadata: { [KEY_FIELD]: key } }, { idempotencyKey: newKey('forgotten') });
    const again = await processor.refund({ idempotencyKey: key, deadline: inSeconds(5), reference, amountCents: 1_000, currency: 'USD' });
    expect(again).toEqual({ status: 'refunded', reference: earlier.id });
    const refunds = await stripe.refunds.list({ charge: reference, limit: 10 });
    expect(refunds.data.map((r) => r.id)).toEqual([earlier.id]);
    expect((await stripe.charges.retrieve(reference)).amount_refunded).toBe(1_000);
  });
});

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
