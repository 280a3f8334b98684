import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { json, serverAnswering } from '../test/answeringServer';
import { Pasarela } from './client';
import { PASARELA_API_VERSION } from './http';
import { constructEvent, WebhookVerificationError } from './webhooks';
import type { WebhookEventType } from './answers';

// What a later API version may add (docs/changelog.md) never breaks this client: a new event type,
// a new enum value, a new field pass through; only a forged or unreadable delivery is refused, and a
// success is never an error.

const transaction = {
  codOper: 'PP1', method: 'card', result: 'APPROVED', amount: 25, taxAmount: 0, linkCode: null, orderReference: null, metadata: {},
  refundedAmount: 0, status: 1, authStatus: 'APPROVED', createdAt: '2026-11-25T12:00:00.000Z', updatedAt: '2026-11-25T12:00:00.000Z',
};
const link = {
  code: 'LKABCDEFGHJK', url: 'http://localhost:4000/lkabcdefghjk', state: 'open', amount: 25, taxAmount: 0, description: 'Pedido',
  orderReference: null, metadata: {}, singleUse: false, brands: [], methods: [], returnUrl: null, expiresAt: null, paidBy: null, payments: 0,
  createdAt: '2026-11-25T12:00:00.000Z', updatedAt: '2026-11-25T12:00:00.000Z',
};

describe('answers a later version may give', () => {
  it('passes through new enum values (result, state, refund status, cancelReason) and keeps new fields, nested ones too', async () => {
    const later = { ...transaction, result: 'DISPUTED', cancelReason: 'fraud', riskScore: 12, refunds: [{ id: 're_1', codOper: 'PP1', amount: 5, status: 'reversed', createdAt: 'x', arn: 'A1' }] };
    const s = await serverAnswering(json(200, later), json(200, { ...link, state: 'archived', qr: { png: 'data:' } }));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    const tx = await pasarela.transactions.retrieve('PP1');
    expect(tx).toEqual(later);
    expect(tx['riskScore']).toBe(12);
    expect(tx.refunds?.[0]?.status).toBe('reversed');
    const got = await pasarela.paymentLinks.retrieve('LKABCDEFGHJK');
    expect([got.state, got['qr']]).toEqual(['archived', { png: 'data:' }]);
  });

  it('gives back a 201 it cannot fully read, once: never unexpected_answer, so a retry never makes a second link', async () => {
    const s = await serverAnswering(json(201, { code: 'LKNEW', url: 'http://x/lknew', amount: '25.00' }), (res) => res.writeHead(201, { 'content-type': 'application/json' }).end('created'));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    expect(await pasarela.paymentLinks.create({ amount: 25, description: 'Pedido' })).toEqual({ code: 'LKNEW', url: 'http://x/lknew', amount: '25.00' });
    // Not even JSON: still a success, still one request.
    await expect(pasarela.paymentLinks.create({ amount: 25, description: 'Pedido' })).resolves.toBeDefined();
    expect(s.seen).toHaveLength(2);
  });

  it('pins its API version on every call (Pasarela-Version), or the one asked for', async () => {
    const s = await serverAnswering(json(200, transaction));
    await new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url }).transactions.retrieve('PP1');
    await new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url, apiVersion: '2027-01-01' }).transactions.retrieve('PP1');
    expect(s.seen.map((r) => r.headers['pasarela-version'])).toEqual([PASARELA_API_VERSION, '2027-01-01']);
    expect(PASARELA_API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('auto-pagination', () => {
  it('iterates every item of every page, asking each next page by its cursor only when the loop gets there; await gives one page', async () => {
    const s = await serverAnswering(
      json(200, { data: [{ ...transaction, codOper: 'PP3' }, { ...transaction, codOper: 'PP2' }], hasMore: true, nextCursor: 'c2' }),
      json(200, { data: [{ ...transaction, codOper: 'PP1' }], hasMore: true, nextCursor: 'c3' }),
      json(200, { data: [{ ...transaction, codOper: 'PP0' }], hasMore: false, nextCursor: null }),
    );
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    const codOpers: string[] = [];
    for await (const tx of pasarela.transactions.list({ limit: 2, updatedFrom: new Date('2026-11-25T00:00:00Z') })) codOpers.push(tx.codOper);
    expect(codOpers).toEqual(['PP3', 'PP2', 'PP1', 'PP0']);
    expect(s.seen.map((r) => r.url)).toEqual([
      '/api/v1/merchant/transactions?limit=2&updatedFrom=2026-11-25T00%3A00%3A00.000Z',
      '/api/v1/merchant/transactions?limit=2&updatedFrom=2026-11-25T00%3A00%3A00.000Z&cursor=c2',
      '/api/v1/merchant/transactions?limit=2&updatedFrom=2026-11-25T00%3A00%3A00.000Z&cursor=c3',
    ]);
    const list = pasarela.transactions.list();
    expect(s.seen).toHaveLength(3);
    const page = await list;
    expect([page.data.length, page.hasMore, s.seen.length]).toEqual([1, false, 4]);
    // A cursor given is where the iteration starts.
    for await (const tx of pasarela.paymentLinks.list({ cursor: 'c2' })) expect(tx).toBeDefined();
    expect(s.seen.at(-1)?.url).toBe('/api/v1/merchant/payment-links?cursor=c2');
  });

  it('lists events with their types, unknown ones included', async () => {
    const event = (id: string, type: string) => ({ id, type, apiVersion: '2026-11-26', createdAt: '2026-11-25T12:00:00.000Z', data: transaction });
    const s = await serverAnswering(json(200, { data: [event('evt_2', 'transaction.disputed'), event('evt_1', 'transaction.approved')], hasMore: false, nextCursor: null }));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    const types: WebhookEventType[] = [];
    for await (const e of pasarela.events.list({ type: 'transaction.approved', createdFrom: '2026-11-25T00:00:00Z' })) types.push(String(e.type));
    expect(types).toEqual(['transaction.disputed', 'transaction.approved']);
    expect(s.seen[0]?.url).toBe('/api/v1/merchant/events?type=transaction.approved&createdFrom=2026-11-25T00%3A00%3A00Z');
  });
});

describe('constructEvent and what a later version may send', () => {
  const secret = 'whsec_test';
  const now = 1_764_072_000;
  const sign = (text: string, key = secret) => `t=${now},v1=${createHmac('sha256', key).update(`${now}.${text}`).digest('hex')}`;
  const verify = (text: string, key = secret) => constructEvent(text, sign(text, key), secret, { nowSeconds: now });

  it('returns a signed event of a new type, with a new result and new fields, as it came', () => {
    const body = JSON.stringify({
      id: 'evt_9', type: 'transaction.disputed', apiVersion: '2027-03-01', createdAt: '2026-11-25T12:00:00.000Z', livemode: false,
      data: { ...transaction, result: 'DISPUTED', disputeId: 'dp_1' },
    });
    const event = verify(body);
    expect(event).toEqual(JSON.parse(body));
    const type: WebhookEventType = String(event.type);
    expect([type, event.data.result, event.data['disputeId'], event['livemode']]).toEqual(['transaction.disputed', 'DISPUTED', 'dp_1', false]);
  });

  it('returns a signed event whose data this version cannot read (a refund event without its refund)', () => {
    const body = JSON.stringify({ id: 'evt_8', type: 'transaction.refunded', createdAt: 'x', data: { codOper: 'PP1', amount: '25' } });
    expect(verify(body)).toEqual(JSON.parse(body));
  });

  it.each([
    ['a body that is not JSON', 'not json'],
    ['an array', '[{"id":"evt_1","type":"transaction.approved"}]'],
    ['no id', '{"type":"transaction.approved","data":{}}'],
    ['no type', '{"id":"evt_1","data":{}}'],
    ['a type that is not a string', '{"id":"evt_1","type":7}'],
    ['null', 'null'],
  ])('refuses %s (signed), with WebhookVerificationError', (_what, body) => {
    expect(() => verify(body)).toThrow(WebhookVerificationError);
  });

  it('refuses a new event type under another secret: the signature, not the type, decides', () => {
    const body = JSON.stringify({ id: 'evt_9', type: 'transaction.disputed', createdAt: 'x', data: transaction });
    expect(() => verify(body, 'whsec_other')).toThrow(/signature does not match/);
  });
});
