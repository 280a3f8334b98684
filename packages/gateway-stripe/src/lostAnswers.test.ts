import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { isGatewayOutcomeUnknown, type CardProcessor } from '@pasarela/gateways';
import { stripeCardProcessor } from './index';
import { stripeClient } from './stripeCall';
import { startStripeMock, type RunningStripeMock } from './testing/stripeMock';
import { startFaultProxy, type FaultProxy } from './testing/faultProxy';
import { TEST_KEY, authorization, inSeconds, newKey, stripeToken } from './testing/fixtures';

// A capture or a void whose answers are all lost ends unknown; the server asks it again under the
// same key (its reconciler): answered from what Stripe holds, and Stripe took or let go the money once.

let mock: RunningStripeMock;
let proxy: FaultProxy;
let direct: Stripe;
let directProcessor: CardProcessor;
let throughProxy: CardProcessor;

beforeAll(async () => {
  mock = await startStripeMock();
  proxy = await startFaultProxy(mock.url);
  direct = stripeClient({ secretKey: TEST_KEY, apiUrl: mock.url });
  directProcessor = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: mock.url });
  throughProxy = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: proxy.url });
});
afterAll(async () => {
  await proxy.stop();
  await mock.stop();
});

async function heldCharge(): Promise<string> {
  const decision = await directProcessor.authorize(authorization(stripeToken('4242424242424242'), { capture: false }));
  return (decision as { reference: string }).reference;
}

describe('answers lost on every try, then the call asked again under its key', () => {
  it('a capture: unknown, then captured, Stripe capturing once', async () => {
    const reference = await heldCharge();
    proxy.plan((method, path) => (method === 'POST' && path.endsWith('/capture') ? 'cut-answer' : 'pass'));
    const call = { idempotencyKey: newKey('capture'), reference, amountCents: 2_000, currency: 'USD' };
    const lost = await throughProxy.capture({ ...call, deadline: new Date(Date.now() + 1_000) }).catch((error: unknown) => error);
    proxy.plan(() => 'pass');
    expect(isGatewayOutcomeUnknown(lost)).toBe(true);
    const sent = proxy.forwarded.filter((c) => c.endsWith(`${reference}/capture`)).length;
    expect(await throughProxy.capture({ ...call, deadline: inSeconds(5) })).toBe('captured');
    const charge = await direct.charges.retrieve(reference);
    expect([charge.captured, charge.amount_captured]).toEqual([true, 2_000]);
    // Asked again, it was answered from the charge Stripe holds captured: no capture sent.
    expect(proxy.forwarded.filter((c) => c.endsWith(`${reference}/capture`))).toHaveLength(sent);
  });

  it('a void: unknown, then voided, one refund of the hold', async () => {
    const reference = await heldCharge();
    proxy.plan((method, path) => (method === 'POST' && path === '/v1/refunds' ? 'cut-answer' : 'pass'));
    const call = { idempotencyKey: newKey('void'), reference };
    const lost = await throughProxy.void({ ...call, deadline: new Date(Date.now() + 1_000) }).catch((error: unknown) => error);
    proxy.plan(() => 'pass');
    expect(isGatewayOutcomeUnknown(lost)).toBe(true);
    expect(await throughProxy.void({ ...call, deadline: inSeconds(5) })).toBe('voided');
    expect((await direct.refunds.list({ charge: reference })).data.map((r) => r.amount)).toEqual([2_500]);
    expect(await directProcessor.lookup({ idempotencyKey: 'unused', deadline: inSeconds(5), reference })).toMatchObject({ status: 'voided' });
  });
});
