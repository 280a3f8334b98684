import type { Gateways } from '@pasarela/gateways';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultyGateways, type GatewayFault } from '../../test/gateways/faultyGateways';
import { tokenizedCardPayload, createTestApp, type TestApp } from '../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../test/merchantApiClient';
import { webhookEventOf, type WebhookEventRow } from '../merchantView/webhookEvent';
import { reconcileRefunds } from './reconcileRefunds';

// A refund whose gateway never answered stays pending and holds its part of what may be refunded
// until the reconciler asks the gateway by the refund's key: made, it succeeds (transaction.refunded
// is written); never made, it fails, its part is free again and transaction.refund_failed is written. Each method's port meets each fault of
// faultyGateways on the refund call. On PGlite, or on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let api: MerchantApiClient;
let faults: ReturnType<typeof faultyGateways>;
beforeAll(async () => {
  t = await createTestApp({ wrapGateways: (inner: Gateways) => (faults = faultyGateways(inner)).gateways });
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(async () => {
  await t.close();
});

const reconcile = () => reconcileRefunds({ db: t.db, gateways: t.gateways });
/** The refund's gateway call is over (past IN_DOUBT_AFTER_MS), and no node's claim holds it. */
const pastDeadline = (refundId: string) =>
  t.db.query("update refunds set created_at = now() - interval '1 minute', checked_at = null where id = $1", [refundId]);

async function newMerchant(): Promise<{ key: string }> {
  // Its webhooks are only written here (never delivered): the outbox's rows are what is counted.
  const res = await t.admin('POST', '/merchants', { name: 'Conciliación S.A.', webhookUrl: 'http://127.0.0.1:9/webhooks' });
  return { key: String(res.json['secretKey']) };
}

async function newLink(m: { key: string }): Promise<string> {
  const body = { amount: 25, taxAmount: 1.75, description: 'Pedido', orderReference: `pedido-${randomUUID()}`, metadata: { cliente: 'c_77' } };
  const res = await api.call('POST', '/payment-links', { key: m.key, body });
  return String(res.json['code']);
}

/** A paid payment of $26.75 by each method whose refunds go through a gateway's port. */
const PAID: Record<'card' | 'nequi' | 'crypto', { port: keyof Gateways; pay: (m: { key: string }) => Promise<string> }> = {
  card: { port: 'card', pay: async (m) => String((await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(m)))).data['codOper']) },
  nequi: {
    port: 'push',
    pay: async (m) => {
      const push = await t.post('/nequi/push', { code: await newLink(m), phone: '61111111', trackId: randomUUID() });
      await t.answerPhones();
      return String(push.data['codOper']);
    },
  },
  crypto: {
    port: 'crypto',
    pay: async (m) => {
      const created = await t.post('/crypto/payments', { codeProcess: await newLink(m), currency: 'BTC', network: 'BTC', email: 'cripto@example.com' });
      const codOper = String(created.data['id']);
      await t.admin('POST', `/crypto/${codOper}/confirm`, { fromAddress: 'sbxbtc_payer_wallet_7' });
      return codOper;
    },
  },
};

const refund = (m: { key: string }, codOper: string, body: Record<string, unknown> = {}) => api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body });
const verify = async (m: { key: string }, codOper: string) => (await api.call('GET', `/transactions/${codOper}`, { key: m.key })).json;
/** The refund events written for a payment (the outbox's rows, as a delivery would send them). */
const refundEvents = async (codOper: string) =>
  (await t.db.query<WebhookEventRow>("select * from webhook_events where cod_oper = $1 and event_type like 'transaction.refund%' order by created_at", [codOper])).map(webhookEventOf);

describe.each(Object.entries(PAID))('%s refunds left in doubt', (_method, { port, pay }) => {
  it.each<[GatewayFault, 'succeeded' | 'failed']>([
    // The gateway made the refund; its answer was lost.
    ['lost_answer', 'succeeded'],
    // The call never reached it.
    ['timeout', 'failed'],
    // The adapter broke after the gateway made it, or before the call left.
    ['error_after', 'succeeded'],
    ['error_before', 'failed'],
  ])('%s: pending and holding its part, then %s from what the gateway says under its key', async (fault, end) => {
    const m = await newMerchant();
    const codOper = await pay(m);
    faults.plan(port, fault);
    const first = await refund(m, codOper, { amount: 10 });
    expect(first.json).toMatchObject({ status: 'pending', amount: 10 });
    const refundId = String(first.json['id']);
    // Its $10 is held: only $16.75 remains to refund while the gateway's word is awaited.
    expect((await refund(m, codOper, { amount: 16.76 })).json['code']).toBe('refund_exceeds_remaining');
    // The console's list shows it pending beside what was paid, so its form counts as the server does.
    const listed = ((await t.admin('GET', '/transactions/recent')).json['transactions'] as Array<Record<string, unknown>>).find((x) => x['codOper'] === codOper);
    expect(listed).toMatchObject({ paidAmount: 26.75, refundedAmount: 0, refunds: [{ id: refundId, amount: 10, status: 'pending' }] });
    // Inside the call's deadline the reconciler leaves it alone: the answer may still come.
    expect(await reconcile()).toEqual([]);

    await pastDeadline(refundId);
    expect(await reconcile()).toEqual([refundId]);
    expect(await reconcile()).toEqual([]);
    const after = await verify(m, codOper);
    expect(after['refunds']).toEqual([expect.objectContaining({ id: refundId, status: end })]);
    expect(after['refundedAmount']).toBe(end === 'succeeded' ? 10 : 0);
    // One event either way, naming the refund and the order.
    const link = await api.call('GET', `/transactions/${codOper}`, { key: m.key });
    expect(await refundEvents(codOper)).toEqual([{
      id: expect.any(String), apiVersion: '2026-11-26', createdAt: expect.any(String),
      type: end === 'succeeded' ? 'transaction.refunded' : 'transaction.refund_failed',
      data: expect.objectContaining({
        codOper, refundId, refundAmount: 10, refundedAmount: end === 'succeeded' ? 10 : 0,
        orderReference: link.json['orderReference'], metadata: { cliente: 'c_77' },
        ...(end === 'failed' ? { refundFailureReason: 'not_made' } : {}),
      }),
    }]);
    expect(String(link.json['orderReference'])).toMatch(/^pedido-/);
    // What remains is what the gateway has not given back: the rest can be refunded, and no more.
    const remaining = end === 'succeeded' ? 16.75 : 26.75;
    expect((await refund(m, codOper, { amount: remaining + 0.01 })).json['code']).toBe('refund_exceeds_remaining');
    expect((await refund(m, codOper)).json).toMatchObject({ status: 'succeeded', amount: remaining, transaction: { refundedAmount: 26.75 } });
  });

  it('a gateway still silent when asked: the refund stays pending until a later pass hears it', async () => {
    const m = await newMerchant();
    const codOper = await pay(m);
    faults.plan(port, 'lost_answer');
    const refundId = String((await refund(m, codOper, { amount: 5 })).json['id']);
    await pastDeadline(refundId);
    faults.plan(port, 'timeout');
    expect(await reconcile()).toEqual([]);
    // Claimed by this node for a while: another pass does not ask again before the claim lapses.
    const asked = faults.calls[port];
    expect(await reconcile()).toEqual([]);
    expect(faults.calls[port]).toBe(asked);
    await pastDeadline(refundId);
    expect(await reconcile()).toEqual([refundId]);
    expect((await verify(m, codOper))['refundedAmount']).toBe(5);
  });
});

it('several reconcilers at once (every node\'s timer) settle each refund once, ask its gateway once and write one event for it', async () => {
  const m = await newMerchant();
  const made: string[] = [];
  const notMade: string[] = [];
  for (const { port, pay } of Object.values(PAID)) {
    const codOper = await pay(m);
    faults.plan(port, 'lost_answer');
    made.push(String((await refund(m, codOper, { amount: 3 })).json['id']));
    faults.plan(port, 'timeout');
    notMade.push(String((await refund(m, codOper, { amount: 2 })).json['id']));
  }
  const refundIds = [...made, ...notMade];
  for (const id of refundIds) await pastDeadline(id);
  const before = { ...faults.calls };
  const passes = await Promise.all(Array.from({ length: 6 }, () => reconcile()));
  expect(passes.flat().sort()).toEqual([...refundIds].sort());
  expect([faults.calls.card - before.card, faults.calls.push - before.push, faults.calls.crypto - before.crypto]).toEqual([2, 2, 2]);
  const events = await t.db.query<{ type: string; refund: string }>(
    "select event_type as type, refund_made ->> 'id' as refund from webhook_events where refund_made ->> 'id' = any($1) order by 2", [refundIds]);
  expect(events).toEqual([
    ...made.map((refund) => ({ type: 'transaction.refunded', refund })),
    ...notMade.map((refund) => ({ type: 'transaction.refund_failed', refund })),
  ].sort((a, b) => a.refund.localeCompare(b.refund)));
});
