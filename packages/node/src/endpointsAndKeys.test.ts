import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { json, serverAnswering } from '../test/answeringServer';
import { Pasarela } from './client';
import { PasarelaError } from './http';
import { WebhookDeliverySchema, type Transaction, type WebhookDelivery, type WebhookDeliveryState } from './answers';

// Webhook endpoints, the key roll, the fuller transaction and the error's requestId, against a
// real HTTP server that answers as told. The same calls against the real sandbox:
// packages/sandbox/src/routes/merchant/nodeClient.test.ts.

const ID = `we_${'a'.repeat(32)}`;
const endpoint = {
  id: ID, url: 'https://shop.example/webhooks', events: ['*'], primary: false, previousSecretExpiresAt: null,
  createdAt: '2026-11-25T12:00:00.000Z', updatedAt: '2026-11-25T12:00:00.000Z',
};
const delivery = {
  id: `whd_${'b'.repeat(32)}`, eventId: `evt_${'c'.repeat(32)}`, test: true, state: 'pending', attempts: 0, lastStatusCode: null, lastError: null,
  nextAttemptAt: '2026-11-25T12:00:00.000Z', deliveredAt: null, createdAt: '2026-11-25T12:00:00.000Z',
};

describe('webhookEndpoints', () => {
  it('calls each route with its method, path and body; POSTs and the PATCH carry an Idempotency-Key, the rest none', async () => {
    const s = await serverAnswering(
      json(201, { ...endpoint, secret: 'whsec_1' }), json(200, { data: [endpoint], hasMore: false, nextCursor: null }), json(200, endpoint),
      json(200, { ...endpoint, events: ['transaction.approved'] }), json(200, { data: [delivery], hasMore: false, nextCursor: null }), json(202, delivery),
      json(200, { ...endpoint, secret: 'whsec_2', previousSecretExpiresAt: '2026-11-26T12:00:00.000Z' }), json(202, delivery), json(200, { id: ID, deleted: true }),
    );
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    const made = await pasarela.webhookEndpoints.create({ url: 'https://shop.example/webhooks' }, { idempotencyKey: 'endpoint-1' });
    expect(made.secret).toBe('whsec_1');
    expect((await pasarela.webhookEndpoints.list()).data).toEqual([endpoint]);
    expect(await pasarela.webhookEndpoints.retrieve(ID)).toEqual(endpoint);
    expect((await pasarela.webhookEndpoints.update(ID, { events: ['transaction.approved'] })).events).toEqual(['transaction.approved']);
    const states: WebhookDeliveryState[] = [];
    for await (const d of pasarela.webhookEndpoints.listDeliveries(ID)) states.push(d.state);
    expect(states).toEqual(['pending']);
    expect(await pasarela.webhookEndpoints.redeliver(ID, delivery.id)).toEqual(delivery);
    expect(await pasarela.webhookEndpoints.rollSecret(ID, { expiresInSeconds: 86_400 })).toMatchObject({ secret: 'whsec_2', previousSecretExpiresAt: '2026-11-26T12:00:00.000Z' });
    expect((await pasarela.webhookEndpoints.sendTest(ID, { type: 'transaction.refunded' })).test).toBe(true);
    expect(await pasarela.webhookEndpoints.del(ID)).toEqual({ id: ID, deleted: true });
    const base = '/api/v1/merchant/webhook-endpoints';
    expect(s.seen.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', base, '{"url":"https://shop.example/webhooks"}'],
      ['GET', base, ''],
      ['GET', `${base}/${ID}`, ''],
      ['PATCH', `${base}/${ID}`, '{"events":["transaction.approved"]}'],
      ['GET', `${base}/${ID}/deliveries`, ''],
      ['POST', `${base}/${ID}/deliveries/${delivery.id}/redeliver`, '{}'],
      ['POST', `${base}/${ID}/roll-secret`, '{"expiresInSeconds":86400}'],
      ['POST', `${base}/${ID}/test`, '{"type":"transaction.refunded"}'],
      ['DELETE', `${base}/${ID}`, ''],
    ]);
    const keys = s.seen.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toBe('endpoint-1');
    for (const i of [3, 5, 6, 7]) expect(keys[i]).toMatch(/^[0-9a-f-]{36}$/);
    for (const i of [1, 2, 4, 8]) expect(keys[i]).toBeUndefined();
  });

  it('puts an id in its path segment escaped, so it cannot name another route', async () => {
    const s = await serverAnswering(json(404, { code: 'webhook_endpoint_not_found', message: 'No such webhook endpoint for this merchant', requestId: 'req_1' }));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    await expect(pasarela.webhookEndpoints.retrieve('../keys/roll')).rejects.toMatchObject({ status: 404, code: 'webhook_endpoint_not_found', requestId: 'req_1' });
    expect(s.seen[0]?.url).toBe('/api/v1/merchant/webhook-endpoints/..%2Fkeys%2Froll');
  });

  // The server's OpenAPI document: eventId is "The event it carries; null for a test event" (docs/merchant-api.md
  // "Webhook endpoints": a test event is listed `"test": true`, `eventId` null). Typed string, a test delivery
  // failed the schema and came back unchecked, its null typed as a string.
  it('reads a test delivery\'s eventId as null, as the server answers it, and a real one\'s as its event id', async () => {
    const sample = { ...delivery, eventId: null, test: true };
    const real = { ...delivery, test: false };
    expect(v.safeParse(WebhookDeliverySchema, sample)).toMatchObject({ success: true, output: sample });
    expect(v.safeParse(WebhookDeliverySchema, real)).toMatchObject({ success: true, output: real });
    expect(v.safeParse(WebhookDeliverySchema, { ...delivery, eventId: undefined }).success).toBe(false);
    expectTypeOf<WebhookDelivery['eventId']>().toEqualTypeOf<string | null>();
    const s = await serverAnswering(json(202, sample));
    const sent = await new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url }).webhookEndpoints.sendTest(ID, { type: 'transaction.approved' });
    expect(sent.eventId).toBeNull();
  });
});

describe('keys.roll', () => {
  it('sends the overlap asked for and retries a lost answer with the same Idempotency-Key, so the server can replay the same new key', async () => {
    const rolled = { secretKey: 'sk_test_new', previousKeyExpiresAt: '2026-11-25T13:00:00.000Z' };
    const s = await serverAnswering(json(503, { code: 'happen_error_try_again', message: 'x', requestId: 'req_a' }), json(200, rolled));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    expect(await pasarela.keys.roll({ expiresInSeconds: 3600 })).toEqual(rolled);
    expect(s.seen.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/api/v1/merchant/keys/roll', '{"expiresInSeconds":3600}'], ['POST', '/api/v1/merchant/keys/roll', '{"expiresInSeconds":3600}'],
    ]);
    expect(s.seen[1]?.headers['idempotency-key']).toBe(s.seen[0]?.headers['idempotency-key']);
  });

  it('sends {} without params', async () => {
    const s = await serverAnswering(json(200, { secretKey: 'sk_test_new', previousKeyExpiresAt: null }));
    await new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url }).keys.roll();
    expect(s.seen[0]?.body).toBe('{}');
  });
});

describe('PasarelaError.requestId', () => {
  it('comes from the error body, else from the X-Request-Id header; undefined without either', async () => {
    const s = await serverAnswering(
      json(401, { code: 'invalid_secret_key', message: 'Authorization must be Bearer <secretKey> of a merchant', requestId: 'req_body' }, { 'x-request-id': 'req_header' }),
      json(400, { code: 'invalid_body', message: 'x' }, { 'x-request-id': 'req_header' }),
      json(400, 'not an error body'),
    );
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    const errors = [];
    for (let i = 0; i < 3; i++) errors.push(await pasarela.transactions.retrieve('PP1').catch((e: unknown) => e));
    for (const e of errors) expect(e).toBeInstanceOf(PasarelaError);
    expect(errors.map((e) => (e as PasarelaError).requestId)).toEqual(['req_body', 'req_header', undefined]);
  });
});

describe('the fuller transaction', () => {
  it('types currency, the donation, what was paid and can be refunded, the payer, the card and the wallet phone', async () => {
    const tx = {
      codOper: 'PP1', method: 'card', result: 'APPROVED', amount: 25, taxAmount: 1.75, linkCode: null, orderReference: null, metadata: {}, refundedAmount: 5,
      currency: 'USD', donationAmount: 2, totalPaid: 28.75, refundableAmount: 23.75, payer: { email: 'pagador@example.com', name: 'Ana' },
      card: { brand: 'VISA', last4: '4242' }, walletPhone: null, status: 1, authStatus: 'APPROVED',
      createdAt: '2026-11-25T12:00:00.000Z', updatedAt: '2026-11-25T12:00:00.000Z',
    };
    const s = await serverAnswering(json(200, tx));
    const got: Transaction = await new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url }).transactions.retrieve('PP1');
    expect(got).toEqual(tx);
    expect([got.currency, got.donationAmount, got.totalPaid, got.refundableAmount, got.payer.email, got.card?.last4, got.walletPhone])
      .toEqual(['USD', 2, 28.75, 23.75, 'pagador@example.com', '4242', null]);
  });
});
