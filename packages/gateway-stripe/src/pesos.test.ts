import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { stripeCardProcessor } from './index';
import { KEY_FIELD } from './decisions';
import { stripeClient } from './stripeCall';
import { startStripeThroughVault, type StripeThroughVault } from './testing/stripeThroughVault';
import { TEST_KEY, authorization, inSeconds } from './testing/fixtures';
import type { CardProcessor } from '@pasarela/gateways';

// Issue 93: "@pasarela/gateway-stripe charges in the currency it is given"; Stripe takes the ISO
// code in lowercase and the amount in the currency's minor units (COP has two: 50.000 COP is 5000000).

let through: StripeThroughVault;
let stripe: Stripe;
let processor: CardProcessor;

beforeAll(async () => {
  through = await startStripeThroughVault();
  stripe = stripeClient({ secretKey: TEST_KEY, apiUrl: through.mock.url });
  processor = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: through.apiUrl, vaultSecret: through.vaultSecret });
});
afterAll(() => through.stop());

async function chargeOf(key: string): Promise<Stripe.Charge | undefined> {
  for await (const charge of stripe.charges.list({ limit: 100 })) if (charge.metadata[KEY_FIELD] === key) return charge;
  return undefined;
}

describe('a charge in Colombian pesos on Stripe', () => {
  it('is made in cop for 50.000 pesos in minor units, refunded in part in pesos, and refused in dollars', async () => {
    const request = authorization(await through.card('4242424242424242'), { amountCents: 5_000_000, currency: 'COP' });
    const decision = await processor.authorize(request);
    expect(decision).toMatchObject({ status: 'approved', reference: expect.stringMatching(/^ch_/) });
    const reference = (decision as { reference: string }).reference;
    const charge = await chargeOf(request.idempotencyKey);
    expect([charge?.amount, charge?.currency, charge?.captured]).toEqual([5_000_000, 'cop', true]);

    const call = { deadline: inSeconds(5), reference };
    expect(await processor.refund({ ...call, idempotencyKey: `${request.idempotencyKey}:refund-usd`, amountCents: 1_000_000, currency: 'USD' })).toEqual({ status: 'refused' });
    const refunded = await processor.refund({ ...call, idempotencyKey: `${request.idempotencyKey}:refund`, amountCents: 2_000_000, currency: 'COP' });
    expect(refunded).toMatchObject({ status: 'refunded' });
    const refunds = await stripe.refunds.list({ charge: reference, limit: 10 });
    expect(refunds.data.map((r) => [r.amount, r.currency])).toEqual([[2_000_000, 'cop']]);
    expect((await stripe.charges.retrieve(reference)).amount_refunded).toBe(2_000_000);
  });

  it('holds pesos and captures them in pesos only', async () => {
    const request = authorization(await through.card('4242424242424242'), { amountCents: 5_000_000, currency: 'COP', capture: false });
    const { reference } = await processor.authorize(request) as { reference: string };
    const call = { idempotencyKey: `${request.idempotencyKey}:capture`, deadline: inSeconds(5), reference };
    expect(await processor.capture({ ...call, amountCents: 5_000_000, currency: 'USD' })).toBe('refused');
    expect(await processor.capture({ ...call, amountCents: 4_000_000, currency: 'COP' })).toBe('captured');
    const charge = await stripe.charges.retrieve(reference);
    expect([charge.currency, charge.amount_captured]).toEqual(['cop', 4_000_000]);
  });
});

describe("Stripe's largest charge (eight digits in minor units) in pesos", () => {
  it('takes 999,999.99 COP and refuses 1,000,000.00 COP before any call: failed, its message naming the limit, nothing charged', async () => {
    const largest = authorization(await through.card('4242424242424242'), { amountCents: 99_999_999, currency: 'COP' });
    expect(await processor.authorize(largest)).toMatchObject({ status: 'approved' });
    const above = authorization(await through.card('4242424242424242'), { amountCents: 100_000_000, currency: 'COP' });
    expect(await processor.authorize(above)).toEqual({ status: 'failed', message: expect.stringMatching(/at most 999,999\.99 COP/) });
    expect(await chargeOf(above.idempotencyKey)).toBeUndefined();
    // A Colombian merchant's default limit (20.000.000 COP) is far above it.
    const big = authorization(await through.card('4242424242424242'), { amountCents: 2_000_000_000, currency: 'COP' });
    expect(await processor.authorize(big)).toMatchObject({ status: 'failed' });
    expect(await chargeOf(big.idempotencyKey)).toBeUndefined();
  });
});

// Stripe's smallest charge is 0.50 in USD and in EUR ("The minimum amount is $0.50 US or equivalent in
// charge currency"); stripe-stateful-mock refuses less with `amount_too_small` after the card was
// tokenized. The adapter says so before any call, as it does above the largest.
describe("Stripe's smallest charge", () => {
  it('refuses 0.10 USD before any call (no card sent to be tokenized): failed, its message naming 0.50 USD, nothing charged', async () => {
    const tiny = authorization(await through.card('4242424242424242'), { amountCents: 10, currency: 'USD' });
    const tokenized = through.numbersSeen.length;
    expect(await processor.authorize(tiny)).toEqual({ status: 'failed', message: expect.stringMatching(/at least 0\.50 USD/) });
    expect(through.numbersSeen).toHaveLength(tokenized);
    expect(await chargeOf(tiny.idempotencyKey)).toBeUndefined();
  });

  it('takes 0.50 USD', async () => {
    const smallest = authorization(await through.card('4242424242424242'), { amountCents: 50, currency: 'USD' });
    expect(await processor.authorize(smallest)).toMatchObject({ status: 'approved' });
    expect((await chargeOf(smallest.idempotencyKey))?.amount).toBe(50);
  });
});
