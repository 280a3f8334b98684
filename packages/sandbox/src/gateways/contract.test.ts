import { isGatewayOutcomeUnknown, type Gateways } from '@pasarela/gateways';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/testApp';
import { gatewayCall, gatewayRead } from './GatewayCall';
import { httpGateways } from './http/httpGateways';
import { loadGatewaysModule } from '@pasarela/gateways';
import { fileURLToPath } from 'node:url';
import { startSimulator } from '@pasarela/simulator';
import { TEST_SIMULATOR_API_SECRET } from '../../test/testServer';
import { startTestVault, testCardToken, TEST_VAULT_API_SECRET } from '../../test/testCardVault';

// The contract every adapter of the ports keeps (docs/gateways.md), run here against the simulator
// service through the HTTP adapters (the test app's, and one of its own): the same key makes
// one operation and answers it again; what was decided is found by its key; a key never received
// is null; money moves back at most as far as it came.

const key = () => `contract-${randomUUID()}`;
const soon = () => new Date(Date.now() + 60_000);
// A test card as the payer's browser sends it: typed into the vault, its token given to the port.
const card = testCardToken;
const merchant = { name: 'Tienda', logo: null };

const ALL_PORTS: ReadonlyArray<keyof Gateways> = ['card', 'push', 'voucher', 'crypto', 'bank'];

/** The contract of the ports named (all five by default): an adapters module may give only some. */
function portContract(name: string, make: () => Promise<{ gateways: Partial<Gateways>; close(): Promise<void> }>, ports: ReadonlyArray<keyof Gateways> = ALL_PORTS) {
  const itFor = (port: keyof Gateways) => (ports.includes(port) ? it : it.skip);
  describe(`the gateway ports: ${name}`, () => {
    let g: Gateways;
    let close: () => Promise<void>;
    // A port the adapter does not give is skipped below, never called.
    beforeAll(async () => {
      const made = await make();
      g = made.gateways as Gateways;
      close = made.close;
    });
    afterAll(() => close());

    itFor('card')('card processor: one authorization per key, found by it and by its reference; capture, refund and void within what was held', async () => {
      const k = key();
      const request = { ...gatewayCall(k), amountCents: 2_500, currency: 'USD', card: await card('4242424242424242'), merchant, lang: 'es' as const, capture: true };
      const first = await g.card.authorize(request);
      if (first.status !== 'approved') throw new Error(`4242 is approved, not ${first.status}`);
      const charge = first.reference;
      expect(await g.card.authorize(request)).toEqual(first);
      expect(await g.card.lookup({ ...gatewayCall(k), reference: null })).toEqual(first);
      expect(await g.card.lookup({ ...gatewayCall(k), reference: charge })).toEqual(first);
      expect(await g.card.lookup({ ...gatewayCall(key()), reference: null })).toBeNull();
      const firstRefund = { ...gatewayCall(key()), reference: charge, amountCents: 1_000, currency: 'USD' };
      expect(await g.card.refund(firstRefund)).toMatchObject({ status: 'refunded' });
      // Repeated with its key (a lost answer retried): the same answer, nothing refunded twice.
      expect(await g.card.refund(firstRefund)).toMatchObject({ status: 'refunded' });
      const refused = { ...gatewayCall(key()), reference: charge, amountCents: 1_501, currency: 'USD' };
      expect(await g.card.refund(refused)).toEqual({ status: 'refused' });
      // Asked by a refund's key (the refund reconciler): made, or none made under it (refused, or never received).
      expect(await g.card.refundOutcome({ ...firstRefund, refundReference: null })).toBe('refunded');
      expect(await g.card.refundOutcome({ ...refused, refundReference: null })).toBeNull();
      expect(await g.card.refundOutcome({ ...gatewayCall(key()), reference: charge, refundReference: null })).toBeNull();
      expect(await g.card.refund({ ...gatewayCall(key()), reference: charge, amountCents: 1_500, currency: 'USD' })).toMatchObject({ status: 'refunded' });

      const held = await g.card.authorize({ ...request, ...gatewayCall(key()), capture: false });
      if (held.status !== 'approved') throw new Error('held: approved');
      const capture = (amountCents: number) => g.card.capture({ ...gatewayCall(key()), reference: held.reference, amountCents, currency: 'USD' });
      expect(await capture(2_501)).toBe('refused');
      const captureCall = { ...gatewayCall(key()), reference: held.reference, amountCents: 2_000, currency: 'USD' };
      expect(await g.card.capture(captureCall)).toBe('captured');
      // Repeated with its key (the server asks again after a lost answer): captured, once.
      expect(await g.card.capture(captureCall)).toBe('captured');
      expect(await capture(2_000)).toBe('refused');
      // A plain hold, never captured, is released whole.
      const released = await g.card.authorize({ ...request, ...gatewayCall(key()), capture: false });
      if (released.status !== 'approved') throw new Error('released: approved');
      expect(await g.card.void({ ...gatewayCall(key()), reference: released.reference })).toBe('voided');
      expect(await g.card.capture({ ...gatewayCall(key()), reference: released.reference, amountCents: 100, currency: 'USD' })).toBe('refused');

      const challenged = await g.card.authorize({ ...request, ...gatewayCall(key()), card: await card('4000000000003220') });
      if (challenged.status !== 'challenge') throw new Error('3220: challenge');
      const voiding = { ...gatewayCall(key()), reference: challenged.reference };
      expect(await g.card.void(voiding)).toBe('voided');
      // Repeated with its key (a lost answer retried): the same answer; another void finds nothing left to void.
      expect(await g.card.void(voiding)).toBe('voided');
      expect(await g.card.void({ ...gatewayCall(key()), reference: challenged.reference })).toBe('refused');
    });

    itFor('card')('card processor: declines with a reason, and a failure that charged nothing', async () => {
      const request = { amountCents: 900, currency: 'USD', merchant, lang: 'en' as const, capture: true };
      expect(await g.card.authorize({ ...gatewayCall(key()), ...request, card: await card('4000000000009995') })).toMatchObject({ status: 'declined', reason: 'insufficient_funds' });
      expect(await g.card.authorize({ ...gatewayCall(key()), ...request, card: await card('4000000000000119') })).toMatchObject({ status: 'failed' });
    });

    itFor('push')('push wallet: one request per key; withdrawn while it waits, never after it was answered; refunds what was paid', async () => {
      const k = key();
      const request = { ...gatewayCall(k), wallet: 'nequi' as const, channel: { kind: 'push' as const, phone: '3993333333' }, amountCents: 1_000, currency: 'USD', expiresAt: soon() };
      expect(await g.push.request(request)).toMatchObject({ state: 'waiting' });
      expect(await g.push.request(request)).toMatchObject({ state: 'waiting' });
      expect(await g.push.status(gatewayCall(k))).toMatchObject({ state: 'waiting' });
      expect(await g.push.status(gatewayCall(key()))).toBeNull();
      expect(await g.push.cancel(gatewayCall(k))).toMatchObject({ state: 'cancelled' });
      const refused = { ...gatewayCall(key()), requestKey: k, amountCents: 1_000, currency: 'USD' };
      expect(await g.push.refund(refused)).toBe('refused');
      expect(await g.push.refundOutcome(refused)).toBeNull();
      const qr = key();
      expect(await g.push.request({ ...request, ...gatewayCall(qr), channel: { kind: 'qr' } })).toMatchObject({ state: 'waiting', qrValue: expect.stringContaining(qr) });
      const late = key();
      expect(await g.push.request({ ...request, ...gatewayCall(late), expiresAt: new Date(Date.now() - 1) })).toMatchObject({ state: 'expired' });
      expect(await g.push.cancel(gatewayCall(late))).toMatchObject({ state: 'expired' });
    });

    itFor('voucher')('voucher network: one voucher per key, withdrawn while unpaid', async () => {
      const k = key();
      const request = { ...gatewayCall(k), network: 'PAYCASH' as const, amountCents: 1_200, currency: 'USD', expiresAt: soon() };
      const voucher = await g.voucher.issue(request);
      expect(voucher).toMatchObject({ state: 'issued', reference: expect.stringMatching(/^\d{12}$/) });
      expect(await g.voucher.issue(request)).toEqual(voucher);
      expect(await g.voucher.status(gatewayCall(k))).toEqual(voucher);
      expect(await g.voucher.status(gatewayCall(key()))).toBeNull();
      expect(await g.voucher.cancel(gatewayCall(k))).toMatchObject({ state: 'cancelled', reference: voucher.reference });
    });

    itFor('crypto')('crypto processor: prices for the coins it takes, one address per key, nothing to refund before coins arrive', async () => {
      expect((await g.crypto.coins(gatewayRead())).map((c) => c.value)).toContain('BTC');
      expect(await g.crypto.quote({ ...gatewayRead(), currency: 'BTC', amountUsd: 100 })).toMatchObject({ amountCrypto: expect.any(Number) });
      expect(await g.crypto.quote({ ...gatewayRead(), currency: 'NOPE', amountUsd: 100 })).toBeNull();
      const k = key();
      const request = { ...gatewayCall(k), currency: 'BTC', network: 'BTC', amountCrypto: 0.002 };
      const { address } = await g.crypto.address(request);
      expect(await g.crypto.address(request)).toEqual({ address });
      expect(await g.crypto.status(gatewayCall(k))).toMatchObject({ address, paidCrypto: 0 });
      expect(await g.crypto.status(gatewayCall(key()))).toBeNull();
      const early = { ...gatewayCall(key()), depositKey: k, to: 'sbxbtc_payer', amountCrypto: 0.001 };
      expect(await g.crypto.refund(early)).toBe('refused');
      expect(await g.crypto.refundOutcome(early)).toBeNull();
    });

    itFor('bank')('bank redirect: one page per key, waiting until the payer answers, closed by a cancel', async () => {
      const k = key();
      const request = { ...gatewayCall(k), amountCents: 3_000, currency: 'USD', description: 'Pedido', merchant, lang: 'es' as const, returnUrl: 'http://checkout.test/sandbox/clave/return' };
      const started = await g.bank.start(request);
      expect(await g.bank.start(request)).toEqual(started);
      expect(await g.bank.outcome(gatewayCall(k))).toBe('waiting');
      expect(await g.bank.outcome(gatewayCall(key()))).toBeNull();
      expect(await g.bank.cancel(gatewayCall(k))).toBe('cancelled');
      expect(await g.bank.outcome(gatewayCall(k))).toBe('cancelled');
      // Nothing was debited: nothing to give back.
      expect(await g.bank.refund({ ...gatewayCall(key()), paymentKey: k, amountCents: 3_000, currency: 'USD' })).toBe('refused');
    });
  });
}

let t: TestApp;
portContract('the test app\'s gateways (its own simulator, over HTTP)', async () => {
  t = await createTestApp();
  return { gateways: t.gateways, close: () => t.close() };
});

// A provider's adapters module, loaded as GATEWAYS_MODULE loads it: here the example module
// (test/gateways/exampleGatewaysModule.ts, a card processor of its own); with GATEWAYS_MODULE set, the
// provider's, for the ports it gives (docs/gateways.md):
//   GATEWAYS_MODULE=./my-adapters.mjs npx vitest run --project sandbox packages/sandbox/src/gateways/contract.test.ts
const context = { notificationUrl: (port: keyof Gateways) => `http://checkout.test/gateways/${port}/notifications` };
for (const path of [fileURLToPath(new URL('../../test/gateways/exampleGatewaysModule.ts', import.meta.url)), ...(process.env['GATEWAYS_MODULE'] ? [process.env['GATEWAYS_MODULE']] : [])]) {
  const provided = await loadGatewaysModule(path, context);
  // The example's processor decides by card numbers, which no adapter is given (issue 90: tokens only);
  // its card port is the simulated one, held to the contract through the simulator service below.
  const ports = ALL_PORTS.filter((port) => provided.gateways[port] && !(port === 'card' && path.endsWith('exampleGatewaysModule.ts')));
  portContract(`the module ${path} (${ports.join(', ')})`, async () => ({ gateways: provided.gateways, close: async () => undefined }), ports);
}

// The simulator as a service of its own (packages/simulator), reached through the HTTP adapters.
portContract('the simulator over HTTP (gateways/http)', async () => {
  const simulator = await startSimulator({ apiSecret: TEST_SIMULATOR_API_SECRET });
  // Typed cards' calls through a vault of its own, which puts the number in for the simulator.
  const vault = await startTestVault({ checkoutOrigins: [], simulatorUrl: simulator.url });
  return {
    gateways: httpGateways(simulator.url, { apiSecret: TEST_SIMULATOR_API_SECRET, vault: { url: vault.url, apiSecret: TEST_VAULT_API_SECRET } }).gateways,
    close: async () => {
      await vault.close();
      await simulator.close();
    },
  };
});

it('the simulated test phones answer by themselves once their moment comes, as an event each', async () => {
  const app = await createTestApp();
  try {
    const k = key();
    await app.gateways.push.request({ ...gatewayCall(k), wallet: 'yappy', channel: { kind: 'push', phone: '62222222' }, amountCents: 500, currency: 'USD', expiresAt: soon() });
    expect(await app.gateways.push.status(gatewayCall(k))).toMatchObject({ state: 'waiting' });
    await app.answerPhones();
    expect(await app.gateways.push.status(gatewayCall(k))).toMatchObject({ state: 'declined' });
  } finally {
    await app.close();
  }
});

it('the refund test cards: 4000 0000 0000 5126 refused, 4000 0000 0000 7726 never answered (nothing made), through the test app and over HTTP', async () => {
  const simulator = await startSimulator({ apiSecret: TEST_SIMULATOR_API_SECRET });
  const vault = await startTestVault({ checkoutOrigins: [], simulatorUrl: simulator.url });
  const app = await createTestApp();
  try {
    for (const g of [app.gateways, httpGateways(simulator.url, { apiSecret: TEST_SIMULATOR_API_SECRET, retryDelayMs: 50, vault: { url: vault.url, apiSecret: TEST_VAULT_API_SECRET } }).gateways]) {
      const base = { amountCents: 1_000, currency: 'USD', merchant, lang: 'es' as const, capture: true };
      const refused = await g.card.authorize({ ...gatewayCall(key()), ...base, card: await card('4000000000005126') });
      if (refused.status !== 'approved') throw new Error('5126: approved');
      const refusedRefund = { ...gatewayCall(key()), reference: refused.reference, amountCents: 500, currency: 'USD' };
      expect(await g.card.refund(refusedRefund)).toEqual({ status: 'refused' });
      expect(await g.card.refundOutcome({ ...refusedRefund, refundReference: null })).toBeNull();
      const silent = await g.card.authorize({ ...gatewayCall(key()), ...base, card: await card('4000000000007726') });
      if (silent.status !== 'approved') throw new Error('7726: approved');
      const silentRefund = { idempotencyKey: key(), deadline: new Date(Date.now() + 600), reference: silent.reference, amountCents: 500, currency: 'USD' };
      await expect(g.card.refund(silentRefund).catch((error: unknown) => isGatewayOutcomeUnknown(error))).resolves.toBe(true);
      expect(await g.card.refundOutcome({ ...silentRefund, deadline: soon(), refundReference: null })).toBeNull();
    }
  } finally {
    await app.close();
    await vault.close();
    await simulator.close();
  }
});
