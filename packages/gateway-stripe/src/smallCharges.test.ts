import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { stripeCardProcessor } from './index';
import { KEY_FIELD } from './decisions';
import { stripeClient } from './stripeCall';
import { close } from './testing/stripeMock';
import { startStripeThroughVault, type StripeThroughVault } from './testing/stripeThroughVault';
import { TEST_KEY, authorization, stripeToken } from './testing/fixtures';
import type { CardProcessor } from '@pasarela/gateways';

// Stripe's smallest charge is 0.50 in USD and in EUR ("The minimum amount is $0.50 US or equivalent in
// charge currency"; its currencies page); stripe-stateful-mock refuses less with `amount_too_small`
// after the card was tokenized. The adapter says so before any call, as it does above the largest.

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

describe("a peso charge below what converts to Stripe's smallest", () => {
  // COP has no fixed minimum at Stripe (what converts to 0.50 in the settlement currency at the day's
  // rate), and the fake has none: a stand-in answers the charge as Stripe refuses it.
  it('goes to Stripe, and its refusal (amount_too_small) is answered failed with its message', async () => {
    const charges: string[] = [];
    const refusal = { error: { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must convert to at least 50 cents.' } };
    const standIn = createServer((incoming, outgoing) => {
      charges.push(`${incoming.method ?? ''} ${incoming.url ?? ''}`);
      incoming.resume().on('end', () => outgoing.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(refusal)));
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    try {
      const stood = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}` });
      const onePeso = authorization(stripeToken('4242424242424242'), { amountCents: 100, currency: 'COP' });
      expect(await stood.authorize(onePeso)).toEqual({ status: 'failed', message: 'Amount must convert to at least 50 cents.' });
      expect(charges).toEqual(['POST /v1/charges']);
    } finally {
      await close(standIn);
    }
  });
});
