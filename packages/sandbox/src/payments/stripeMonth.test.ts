import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stripeCardProcessor } from '@pasarela/gateway-stripe';
import type { Dispute } from '@pasarela/gateways';
import { tokenizedCardPayload, createTestApp, type TestApp } from '../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../test/merchantApiClient';
import { receiveGatewayEvent } from './receiveGatewayEvent';
import { startTestVault, TEST_VAULT_API_SECRET, type TestVault } from '../../test/testCardVault';

// Issue 89 "Done means": a month rehearsed with Stripe as the card processor, against
// stripe-stateful-mock through Stripe's official client: a manual capture in part, a dispute (the
// fake disputes a charge of Stripe's test card 4000000000000259), a refund and a payout, and the
// books adding up to what Stripe holds. Its figures are printed to be quoted. Issue 90: the payer's
// cards reach Stripe through the card vault's Stripe forwarding origin (the adapter's API URL); a door
// in front of the fake answers Stripe's tokens API for the test numbers, as Stripe's test mode does.

const SECRET_KEY = 'sk_test_pasarela_month';
let fake: Server;
let door: Server;
let vault: TestVault;
let stripe: Stripe;
const STRIPE_TEST_TOKENS: Readonly<Record<string, string>> = { '4242424242424242': 'tok_visa', '4000000000000259': 'tok_createDispute' };
let t: TestApp;
let api: MerchantApiClient;

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  (require('loglevel') as { setLevel(level: string): void }).setLevel('silent');
  const { createExpressApp } = require('stripe-stateful-mock') as { createExpressApp(): Parameters<typeof createServer>[1] };
  fake = createServer(createExpressApp());
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  door = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      if (incoming.method === 'POST' && incoming.url === '/v1/tokens') {
        const id = STRIPE_TEST_TOKENS[new URLSearchParams(body.toString()).get('card[number]') ?? ''];
        outgoing.writeHead(id ? 200 : 402, { 'content-type': 'application/json' });
        return outgoing.end(JSON.stringify(id ? { id, object: 'token', type: 'card', livemode: false, used: false, created: 1 } : { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } }));
      }
      const { host: _host, ...headers } = incoming.headers;
      const sent = request(`${url}${incoming.url ?? '/'}`, { method: incoming.method, headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      sent.end(body);
    });
  });
  await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', resolve));
  vault = await startTestVault({ checkoutOrigins: [], processors: new Map([['stripe', new URL(`http://127.0.0.1:${(door.address() as AddressInfo).port}`)]]), forwardingPorts: new Map([['stripe', 0]]) });
  stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: new URL(url).port, protocol: 'http' });
  const card = stripeCardProcessor({ secretKey: SECRET_KEY, apiUrl: vault.forwardingUrls.get('stripe'), vaultSecret: TEST_VAULT_API_SECRET });
  t = await createTestApp({ wrapGateways: (gateways) => ({ ...gateways, card }), paymentCaptcha: false });
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(async () => {
  await t?.close();
  await vault?.close();
  await new Promise<void>((resolve) => {
    door?.close(() => resolve());
    door?.closeAllConnections();
  });
  await new Promise<void>((resolve) => {
    fake.close(() => resolve());
    fake.closeAllConnections();
  });
});

const cents = (amount: unknown) => Math.round(Number(amount) * 100);
const referenceOf = async (codOper: string) =>
  String((await t.db.query<{ gateway_reference: string }>('select gateway_reference from transactions where cod_oper = $1', [codOper]))[0]?.gateway_reference);

it('a month with Stripe: a hold captured in part, a dispute, a refund, a payout; the books add up to what Stripe holds', async () => {
  const created = await t.app.request('/sandbox/merchants', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Mes con Stripe' }) });
  const merchant = (await created.json()) as Record<string, unknown>;
  const key = String(merchant['secretKey']);
  const pay = async (amount: number, cardNumber: string, captureMethod: 'automatic' | 'manual') => {
    const link = await api.call('POST', '/payment-links', { key, body: { amount, taxAmount: 0, description: 'Mes', captureMethod } });
    const paid = await t.post('/cards/auth-capture', { ...await tokenizedCardPayload(String(link.json['code']), { amount, taxAmount: 0, cardNumber }), ...(captureMethod === 'manual' ? { transactionsType: 'AUTH' } : {}) });
    expect([paid.status, paid.data['status']]).toEqual([200, 1]);
    return String(paid.data['codOper']);
  };

  // 1. A hold of 40.00, captured for 25.00: Stripe captures that amount, the rest goes back.
  const held = await pay(40, '4242424242424242', 'manual');
  expect((await api.call('GET', `/transactions/${held}`, { key })).json).toMatchObject({ captured: false, capturableAmount: 40 });
  const captured = await api.call('POST', `/transactions/${held}/capture`, { key, body: { amount: 25 } });
  expect(captured.json).toMatchObject({ captured: true, refundableAmount: 25 });
  const heldCharge = await stripe.charges.retrieve(await referenceOf(held));
  expect([heldCharge.captured, heldCharge.amount_captured]).toEqual([true, 2500]);

  // 2. A sale of 30.00 the payer disputes: the event only names the dispute; the port asks Stripe.
  const disputed = await pay(30, '4000000000000259', 'automatic');
  const disputedReference = await referenceOf(disputed);
  // The fake opens the dispute a moment after the charge, on a timer of its own: asked until it has.
  let disputeId = '';
  await expect.poll(async () => (disputeId = ((await stripe.charges.retrieve(disputedReference)) as unknown as { dispute: string | null }).dispute ?? '')).not.toBe('');
  const said = await stripe.disputes.retrieve(disputeId);
  const facts: Dispute = { reference: disputeId, status: 'needs_response', stage: 'chargeback', amountCents: said.amount, currency: said.currency.toUpperCase(), reason: said.reason, evidenceDueBy: null };
  await receiveGatewayEvent({ db: t.db, gateways: t.gateways }, { id: `evt_${disputeId}`, kind: 'dispute', paymentReference: disputedReference, dispute: facts });
  const refusedRefund = await api.call('POST', `/transactions/${disputed}/refunds`, { key });
  expect([refusedRefund.status, refusedRefund.json['code']]).toEqual([409, 'charge_disputed']);

  // 3. A sale of 20.00, 5.00 of it refunded: Stripe refunds 5.00.
  const sold = await pay(20, '4242424242424242', 'automatic');
  const refund = await api.call('POST', `/transactions/${sold}/refunds`, { key, body: { amount: 5 } });
  expect([refund.status, refund.json['status']]).toEqual([201, 'succeeded']);
  expect((await stripe.charges.retrieve(await referenceOf(sold))).amount_refunded).toBe(500);

  // 4. The month ends: what is due becomes available and is paid out.
  await t.db.query("update balance_transactions set available_on = now() - interval '1 second' where merchant_id = $1", [merchant['idMerchant']]);
  const payout = await t.app.request('/sandbox/payouts/run', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: '{}' });
  expect(payout.status).toBe(200);

  // The books: every line sums to available + pending; only captured money entered them.
  const lines = (await api.call('GET', '/balance-transactions', { key })).json['data'] as Array<{ type: string; amount: number; fee: number; net: number; codOper: string | null }>;
  const balance = (await api.call('GET', '/balance', { key })).json;
  const sum = (type: string) => lines.filter((l) => l.type === type).reduce((s, l) => s + cents(l.amount), 0);
  const netSum = lines.reduce((s, l) => s + cents(l.net), 0);
  expect(netSum).toBe(cents(balance['available']) + cents(balance['pending']));
  expect(lines.filter((l) => l.type === 'payment').map((l) => [l.codOper, cents(l.amount)]).sort()).toEqual([[disputed, 3000], [held, 2500], [sold, 2000]].sort());
  expect(sum('refund')).toBe(-500);
  expect(sum('dispute')).toBe(-said.amount);
  // The payout took everything available: the net of every other line, to the cent.
  expect(sum('payout')).toBe(-lines.filter((l) => l.type !== 'payout').reduce((s, l) => s + cents(l.net), 0));
  expect(sum('payout')).toBeLessThan(0);
  const stripeCaptured = heldCharge.amount_captured + 3000 + 2000;
  expect(sum('payment')).toBe(stripeCaptured);
  console.log([
    'a month with Stripe (stripe-stateful-mock):',
    `  hold 40.00 captured 25.00 (Stripe amount_captured ${(heldCharge.amount_captured / 100).toFixed(2)})`,
    `  sale 30.00 disputed ${(said.amount / 100).toFixed(2)} (${disputeId}); its refund 409 charge_disputed`,
    `  sale 20.00 refunded 5.00 (Stripe amount_refunded 5.00)`,
    ...lines.map((l) => `  ${l.type.padEnd(10)} ${String(l.codOper ?? '').padEnd(16)} amount ${Number(l.amount).toFixed(2).padStart(8)} fee ${Number(l.fee).toFixed(2).padStart(6)} net ${Number(l.net).toFixed(2).padStart(8)}`),
    `  captured at Stripe ${(stripeCaptured / 100).toFixed(2)} = payments booked ${(sum('payment') / 100).toFixed(2)}; ledger ${(netSum / 100).toFixed(2)} = available ${Number(balance['available']).toFixed(2)} + pending ${Number(balance['pending']).toFixed(2)}`,
  ].join('\n'));
}, 60_000);
