import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import type { CardProcessor } from '@pasarela/gateways';
import { stripeCardProcessor } from './index';
import { KEY_FIELD } from './decisions';
import { stripeClient } from './stripeCall';
import { startStripeMock, type RunningStripeMock } from './testing/stripeMock';
import { TEST_KEY, authorization, inSeconds, newKey, stripeToken } from './testing/fixtures';

// One refund per refund key, even once Stripe has forgotten the call's idempotency key (it keeps
// them 24 hours): the server's give-back asks again under the same key until it is answered, and a
// refund made a day earlier, its answer lost, must not be made again. Here the earlier refund is made
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
