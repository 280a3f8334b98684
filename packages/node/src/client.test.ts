import { createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { json, serverAnswering } from '../test/answeringServer';
import { Pasarela } from './client';
import { PasarelaError } from './http';
import { constructEvent, WebhookVerificationError } from './webhooks';
import type { RefundFailureReason, WebhookEvent } from './answers';
import type { DisputeEventData, Payout } from './bookAnswers';
import type { Subscription } from './subscriptions';

// The client against a real HTTP server that answers as told (its retries, its errors), and the
// webhook check on deliveries signed as docs/webhooks.md says. The client against the real
// sandbox: e2e/merchant-api.e2e.ts.

const link = {
  code: 'LKABCDEFGHJK', url: 'http://localhost:4000/lkabcdefghjk', state: 'open', amount: 25, taxAmount: 1.75, description: 'Pedido',
  orderReference: 'order-1', metadata: {}, singleUse: false, brands: [], methods: [], returnUrl: null, expiresAt: null, paidBy: null, payments: 0,
  createdAt: '2026-11-25T12:00:00.000Z',
};

describe('Pasarela (the client)', () => {
  it('sends the secret key and an Idempotency-Key, and retries a 503 with the same key', async () => {
    const s = await serverAnswering(json(503, { code: 'happen_error_try_again', message: 'x' }), json(201, link));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    expect(await pasarela.paymentLinks.create({ amount: 25, description: 'Pedido', expiresAt: new Date('2026-12-01T00:00:00Z') })).toEqual(link);
    expect(s.seen).toHaveLength(2);
    expect(s.seen[0]?.headers['authorization']).toBe('Bearer sk_test_1');
    expect(s.seen[0]?.url).toBe('/api/v1/merchant/payment-links');
    expect(s.seen[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.seen[1]?.headers['idempotency-key']).toBe(s.seen[0]?.headers['idempotency-key']);
    expect(JSON.parse(s.seen[0]?.body ?? '')).toEqual({ amount: 25, description: 'Pedido', expiresAt: '2026-12-01T00:00:00.000Z' });
  });

  it('sends an Idempotency-Key on every POST (a new one per call without the caller\'s), none on a GET', async () => {
    const transaction = {
      codOper: 'PP1', method: 'card', result: 'DECLINED', amount: 25, taxAmount: 0, linkCode: null, orderReference: null, metadata: {},
      refundedAmount: 0, status: 0, authStatus: 'CANCELLED', createdAt: '2026-11-25T12:00:00.000Z', updatedAt: '2026-11-25T12:00:00.000Z',
    };
    const refundResult = { id: 're_1', codOper: 'PP1', amount: 5, status: 'succeeded', createdAt: '2026-11-25T12:00:00.000Z', transaction };
    const s = await serverAnswering(
      json(201, link), json(201, link), json(201, refundResult), json(201, refundResult), json(200, transaction), json(200, transaction), json(200, link),
    );
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    await pasarela.paymentLinks.create({ amount: 25, description: 'Pedido' });
    await pasarela.paymentLinks.create({ amount: 25, description: 'Pedido' }, { idempotencyKey: 'link-order-1' });
    await pasarela.transactions.refund('PP1', { amount: 5 });
    await pasarela.transactions.refund('PP1');
    await pasarela.transactions.void('PP1');
    await pasarela.transactions.void('PP1', { idempotencyKey: 'void-order-1' });
    await pasarela.paymentLinks.retrieve('LKABCDEFGHJK');
    const keys = s.seen.map((r) => r.headers['idempotency-key']);
    expect(s.seen.map((r) => r.method)).toEqual(['POST', 'POST', 'POST', 'POST', 'POST', 'POST', 'GET']);
    expect(keys[1]).toBe('link-order-1');
    expect(keys[5]).toBe('void-order-1');
    const made = [keys[0], keys[2], keys[3], keys[4]];
    for (const key of made) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(made).size).toBe(4);
    expect(keys[6]).toBeUndefined();
  });

  it('captures a hold: POST /transactions/:codOper/capture with the amount (none: the whole hold) under an Idempotency-Key', async () => {
    const held = {
      codOper: 'PP1', method: 'card', result: 'APPROVED', amount: 40, taxAmount: 0, linkCode: null, orderReference: null, metadata: {},
      refundedAmount: 0, status: 1, authStatus: 'APPROVED', captureMethod: 'manual', captured: true, capturableAmount: 0, captureBefore: null,
      createdAt: '2026-11-25T12:00:00.000Z', updatedAt: '2026-11-25T12:00:00.000Z',
    };
    const s = await serverAnswering(json(200, held), json(200, held));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    const captured = await pasarela.transactions.capture('PP1', { amount: 25 }, { idempotencyKey: 'capture-order-1' });
    await pasarela.transactions.capture('PP1');
    expect([captured.captured, captured.captureMethod, captured.capturableAmount]).toEqual([true, 'manual', 0]);
    expect(s.seen.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/api/v1/merchant/transactions/PP1/capture', '{"amount":25}'],
      ['POST', '/api/v1/merchant/transactions/PP1/capture', '{}'],
    ]);
    expect(s.seen[0]?.headers['idempotency-key']).toBe('capture-order-1');
    expect(s.seen[1]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a key the server would refuse before sending anything', async () => {
    const s = await serverAnswering(json(201, link));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    for (const idempotencyKey of ['', 'has space', 'ñ', 'k'.repeat(256)]) {
      await expect(pasarela.transactions.refund('PP1', {}, { idempotencyKey }), JSON.stringify(idempotencyKey)).rejects.toThrow(TypeError);
    }
    expect(s.seen).toHaveLength(0);
  });

  it('waits for a key still in use (409 idempotency_key_in_use, Retry-After) and keeps the caller\'s key', async () => {
    const s = await serverAnswering(json(409, { code: 'idempotency_key_in_use', message: 'x' }, { 'retry-after': '0' }), json(200, link));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: `${s.url}/` });
    await pasarela.paymentLinks.expire('LKABCDEFGHJK', { idempotencyKey: 'mine-1' });
    expect(s.seen.map((r) => [r.url, r.headers['idempotency-key']])).toEqual([
      ['/api/v1/merchant/payment-links/LKABCDEFGHJK/expire', 'mine-1'], ['/api/v1/merchant/payment-links/LKABCDEFGHJK/expire', 'mine-1'],
    ]);
  });

  it('retries when the connection fails, and gives up after maxRetries', async () => {
    const s = await serverAnswering((res) => res.socket?.destroy());
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url, maxRetries: 1 });
    const error = await pasarela.transactions.refund('PP1', { amount: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasarelaError);
    expect(error).toMatchObject({ status: 0, code: 'connection_error' });
    expect(s.seen).toHaveLength(2);
    expect(new Set(s.seen.map((r) => r.headers['idempotency-key'])).size).toBe(1);
  });

  it('throws the API\'s { code, message } at once for a 4xx, and gives back a 200 of another shape as it came', async () => {
    const s = await serverAnswering(json(422, { code: 'refund_exceeds_remaining', message: 'amount is more than what remains (1.00)' }), json(200, { codOper: 'PP1' }));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    await expect(pasarela.transactions.refund('PP1', { amount: 5 })).rejects.toMatchObject({ status: 422, code: 'refund_exceeds_remaining', message: expect.stringContaining('amount') });
    expect(await pasarela.transactions.retrieve('PP1')).toEqual({ codOper: 'PP1' });
    expect(s.seen).toHaveLength(2);
    expect(s.seen[1]?.headers['idempotency-key']).toBeUndefined();
  });

  it('puts list filters in the query, dates as RFC 3339', async () => {
    const s = await serverAnswering(json(200, { data: [], hasMore: false, nextCursor: null }));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    await pasarela.transactions.list({ orderReference: 'order 1', result: 'APPROVED', createdFrom: new Date('2026-11-01T00:00:00Z'), limit: 5 });
    expect(s.seen[0]?.url).toBe('/api/v1/merchant/transactions?orderReference=order+1&result=APPROVED&createdFrom=2026-11-01T00%3A00%3A00.000Z&limit=5');
  });

  it('looks up the payment of an unknown checkout result by its link code and trackId', async () => {
    const s = await serverAnswering(json(200, { data: [], hasMore: false, nextCursor: null }));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    await pasarela.transactions.list({ linkCode: 'LK4F7Q2ZP9', trackId: 'c1b2a3d4-0001' });
    expect(s.seen[0]?.url).toBe('/api/v1/merchant/transactions?linkCode=LK4F7Q2ZP9&trackId=c1b2a3d4-0001');
  });

  const brand = { colorPrimary: '#6b3e26', displayName: 'Tostadores del Casco', logoUrl: 'http://localhost:4000/images/logos/ab' };
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  it('brand: reads and sets it as JSON, and gives back an answer of another shape as it came', async () => {
    const s = await serverAnswering(json(200, brand), json(200, { ...brand, displayName: null }), json(200, { colorPrimary: 5 }));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    expect(await pasarela.brand.retrieve()).toEqual(brand);
    expect(await pasarela.brand.update({ displayName: null, colorPrimary: '#6b3e26' }, { idempotencyKey: 'brand-1' })).toEqual({ ...brand, displayName: null });
    expect(await pasarela.brand.retrieve()).toEqual({ colorPrimary: 5 });
    expect(s.seen.map((r) => [r.method, r.url, r.headers['idempotency-key'], r.body])).toEqual([
      ['GET', '/api/v1/merchant/brand', undefined, ''],
      ['POST', '/api/v1/merchant/brand', 'brand-1', '{"displayName":null,"colorPrimary":"#6b3e26"}'],
      ['GET', '/api/v1/merchant/brand', undefined, ''],
    ]);
    expect(s.seen[1]?.headers['content-type']).toBe('application/json');
  });

  it('brand.uploadLogo: sends the bytes as they are, typed from their signature, and retries a 503 with the same key and bytes', async () => {
    const s = await serverAnswering(json(503, { code: 'happen_error_try_again', message: 'x' }), json(201, brand));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    expect(await pasarela.brand.uploadLogo(png.buffer)).toEqual(brand);
    expect(s.seen.map((r) => [r.url, r.headers['content-type'], r.body === Buffer.from(png).toString('utf8')])).toEqual([
      ['/api/v1/merchant/brand/logo', 'image/png', true], ['/api/v1/merchant/brand/logo', 'image/png', true],
    ]);
    expect(s.seen[1]?.headers['idempotency-key']).toBe(s.seen[0]?.headers['idempotency-key']);
  });

  it('brand.uploadLogo: a Blob, a type given, and bytes of no known type', async () => {
    const s = await serverAnswering(json(201, brand));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    await pasarela.brand.uploadLogo(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]));
    await pasarela.brand.uploadLogo(png, { contentType: 'image/webp', idempotencyKey: 'logo-2' });
    await pasarela.brand.uploadLogo(new TextEncoder().encode('<svg/>'));
    expect(s.seen.map((r) => [r.headers['content-type'], r.headers['content-length']])).toEqual([['image/jpeg', '4'], ['image/webp', '11'], ['application/octet-stream', '6']]);
    expect(s.seen[1]?.headers['idempotency-key']).toBe('logo-2');
  });

  it('throws a 429 whose Retry-After is over a minute (the day\'s logo uploads used) at once, and retries a short one', async () => {
    const limit = json(429, { code: 'logo_upload_limit', message: 'At most 20 logo uploads in 24 hours: try again in 86000 s' }, { 'retry-after': '86000' });
    const s = await serverAnswering(limit, json(429, { code: 'too_many_requests', message: 'x' }, { 'retry-after': '0' }), json(201, brand));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    await expect(pasarela.brand.uploadLogo(png)).rejects.toMatchObject({ status: 429, code: 'logo_upload_limit', message: expect.stringContaining('86000 s') });
    expect(s.seen).toHaveLength(1);
    expect(await pasarela.brand.uploadLogo(png)).toEqual(brand);
    expect(s.seen).toHaveLength(3);
  });

  it('puts Retry-After on the error as retryAfterSeconds when it gives up on a 429 or a 503, and leaves it undefined without one', async () => {
    const limited = json(429, { code: 'too_many_requests', message: 'Too many requests: try again in 7 s', requestId: 'req_1' }, { 'retry-after': '7' });
    const unavailable = json(503, { code: 'service_unavailable', message: 'x', requestId: 'req_2' }, { 'retry-after': '2' });
    const s = await serverAnswering(limited, unavailable, json(404, { code: 'payment_link_not_found', message: 'x', requestId: 'req_3' }));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url, maxRetries: 0 });
    await expect(pasarela.paymentLinks.retrieve('LKABCDEFGHJK')).rejects.toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: 7 });
    await expect(pasarela.paymentLinks.retrieve('LKABCDEFGHJK')).rejects.toMatchObject({ status: 503, code: 'service_unavailable', retryAfterSeconds: 2 });
    const notFound = await pasarela.paymentLinks.retrieve('LKABCDEFGHJK').catch((e: unknown) => e);
    expect(notFound).toMatchObject({ status: 404 });
    expect((notFound as PasarelaError).retryAfterSeconds).toBeUndefined();
  });

  it('puts a Retry-After over a minute (thrown at once) on the error too', async () => {
    const s = await serverAnswering(json(429, { code: 'logo_upload_limit', message: 'x' }, { 'retry-after': '86000' }));
    const error = await new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url }).brand.uploadLogo(png).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasarelaError);
    expect(error).toMatchObject({ code: 'logo_upload_limit', retryAfterSeconds: 86_000 });
  });

  it('wants a secret key', () => {
    expect(() => new Pasarela({ secretKey: '', baseUrl: 'https://checkout.example' })).toThrow(TypeError);
  });

  it('wants baseUrl at construction, naming the option (the provider\'s live origin is not the package\'s to guess)', () => {
    const construct = (options: object) => () => new Pasarela({ secretKey: 'sk_test_1', ...options } as ConstructorParameters<typeof Pasarela>[0]);
    expect(construct({})).toThrow(/baseUrl is required.*new Pasarela\(\{ secretKey, baseUrl/);
    expect(construct({ baseUrl: '' })).toThrow(/baseUrl is required/);
    expect(construct({ baseUrl: 'checkout.example' })).toThrow(/baseUrl must be an absolute http or https URL.*"checkout\.example"/);
    expect(construct({ baseUrl: 'ftp://checkout.example' })).toThrow(/baseUrl must be an http or https URL/);
    expect(construct({ baseUrl: 'https://checkout.example/' })).not.toThrow();
  });

  it('says which URL gave no answer and what to check, not only "fetch failed"', async () => {
    const s = await serverAnswering(json(200, {}));
    await s.stop();
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: `${s.url}/`, maxRetries: 0 });
    const failure = await pasarela.paymentLinks.retrieve('LKABCDEFGHJK').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PasarelaError);
    expect(failure).toMatchObject({ status: 0, code: 'connection_error' });
    const message = (failure as PasarelaError).message;
    expect(message).toContain(`No answer from Pasarela at ${s.url}/api/v1/merchant/payment-links/LKABCDEFGHJK`);
    expect(message).toMatch(/ECONNREFUSED/);
    expect(message).toContain(`Check that baseUrl (${s.url}) is the provider's origin`);
  });
});

describe('constructEvent (webhook verification)', () => {
  const secret = 'whsec_test';
  const body = JSON.stringify({
    id: 'evt_1', type: 'transaction.refunded', createdAt: '2026-11-25T12:00:00.000Z',
    data: { codOper: 'PP1', method: 'card', result: 'APPROVED', amount: 25, taxAmount: 1.75, linkCode: 'LK1', orderReference: 'order-1', metadata: { a: 'b' }, refundedAmount: 10, status: 1, authStatus: 'APPROVED', refundId: 're_1', refundAmount: 10 },
  });
  const now = 1_764_072_000;
  const sign = (text: string, t = now, key = secret) => `t=${t},v1=${createHmac('sha256', key).update(`${t}.${text}`).digest('hex')}`;

  it('given what a JSON body parser made (not the raw body), says to pass the raw body, not a TypeError', () => {
    const parsed: unknown = JSON.parse(body);
    const verify = (value: unknown) => () => constructEvent(value as string, sign(body), secret, { nowSeconds: now });
    for (const value of [parsed, undefined, null, 42]) {
      expect(verify(value)).toThrow(WebhookVerificationError);
      expect(verify(value)).toThrow(/needs the raw body as received \(a string or Buffer\)/);
    }
    expect(verify(parsed)).toThrow(/not a parsed object/);
    expect(verify(parsed)).toThrow(/express\.raw/);
  });

  it('returns the typed event of a delivery signed with the secret', () => {
    const event = constructEvent(body, sign(body), secret, { nowSeconds: now });
    expect(event.type).toBe('transaction.refunded');
    expect(event.data).toMatchObject({ orderReference: 'order-1', refundId: 're_1', refundAmount: 10 });
    expect(constructEvent(Buffer.from(body), `${sign(body, now, 'whsec_old')},${sign(body).split(',')[1] ?? ''}`, secret, { nowSeconds: now }).id).toBe('evt_1');
  });

  it('types each event by its type: a payout event carries the payout, a dispute event the dispute, a subscription event the subscription, a later type falls to default', () => {
    const times = { createdAt: '2026-11-25T12:00:00.000Z', updatedAt: '2026-11-26T12:00:00.000Z' };
    const payout = { id: 'po_1', amount: 25.67, currency: 'USD', status: 'failed', arrivalDate: '2026-11-27', failureReason: 'returned_by_bank', ...times };
    const dispute = { id: 'dp_1', codOper: 'PP1', amount: 26.75, currency: 'USD', reason: 'fraudulent', status: 'needs_response', evidenceDueBy: '2026-12-02T12:00:00.000Z', evidenceDetails: { submitted: false, submittedAt: null }, ...times };
    const subscription = { subscriptionKey: 'SUB1', plan: { idPlan: 3, name: 'Plan mensual', amount: 12.34, period: 'MO', currency: 'USD' }, email: 'socia@example.com', status: 'cancelled', nextChargeAt: null, createdAt: times.createdAt, cancelledAt: times.updatedAt };
    const bodies = [
      { id: 'evt_p', type: 'payout.failed', createdAt: times.createdAt, data: payout },
      { id: 'evt_d', type: 'dispute.created', createdAt: times.createdAt, data: dispute },
      { id: 'evt_s', type: 'subscription.cancelled', createdAt: times.createdAt, data: subscription },
      { id: 'evt_l', type: 'charge.later', createdAt: times.createdAt, data: { anything: 1 } },
    ].map((event) => JSON.stringify(event));
    // Each case reads its own data's fields with no cast: the union is discriminated by `type`.
    const told = (event: WebhookEvent): string => {
      switch (event.type) {
        case 'payout.paid': case 'payout.failed': {
          const paid: Payout = event.data;
          return `payout ${paid.id} ${paid.status} ${paid.failureReason ?? ''}`;
        }
        case 'dispute.created': case 'dispute.updated': case 'dispute.closed': {
          const disputed: DisputeEventData = event.data;
          return `dispute ${disputed.id} of ${disputed.codOper} ${disputed.status} by ${disputed.evidenceDueBy ?? ''} sent ${String(disputed.evidenceDetails?.submitted)}`;
        }
        case 'subscription.cancelled': {
          const ended: Subscription = event.data;
          return `subscription ${ended.subscriptionKey} ${ended.status} at ${ended.cancelledAt ?? ''}`;
        }
        case 'transaction.refunded': return `refund ${event.data.refundId ?? ''}`;
        default: return `later ${String(event.type)}`;
      }
    };
    expect(bodies.map((text) => told(constructEvent(text, sign(text), secret, { nowSeconds: now })))).toEqual([
      'payout po_1 failed returned_by_bank', 'dispute dp_1 of PP1 needs_response by 2026-12-02T12:00:00.000Z sent false',
      'subscription SUB1 cancelled at 2026-11-26T12:00:00.000Z', 'later charge.later',
    ]);
  });

  it('types a refund that failed by its type: the refund, what it did not give back, and why', () => {
    const failed = body.replace('"transaction.refunded"', '"transaction.refund_failed"').replace('"refundedAmount":10', '"refundedAmount":0').replace('"refundAmount":10', '"refundAmount":10,"refundFailureReason":"not_made"');
    const event = constructEvent(failed, sign(failed), secret, { nowSeconds: now });
    if (event.type !== 'transaction.refund_failed') throw new Error(`got ${event.type}`);
    const reason: RefundFailureReason | undefined = event.data.refundFailureReason;
    expect([reason, event.data.refundId, event.data.refundAmount, event.data.refundedAmount, event.data.orderReference]).toEqual(['not_made', 're_1', 10, 0, 'order-1']);
  });

  it.each([
    ['another secret', () => constructEvent(body, sign(body, now, 'whsec_other'), secret, { nowSeconds: now })],
    ['a changed body', () => constructEvent(body.replace('"amount":25', '"amount":2500'), sign(body), secret, { nowSeconds: now })],
    ['a signature 6 minutes old', () => constructEvent(body, sign(body, now - 360), secret, { nowSeconds: now })],
    ['no header', () => constructEvent(body, undefined, secret, { nowSeconds: now })],
    ['a malformed header', () => constructEvent(body, 't=abc,v1=zz', secret, { nowSeconds: now })],
    ['a body that is no event', () => constructEvent('{"id":1}', sign('{"id":1}'), secret, { nowSeconds: now })],
  ])('refuses %s', (_what, verify) => {
    expect(verify).toThrow(WebhookVerificationError);
  });
});
