import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { json, serverAnswering } from '../test/answeringServer';
import { Pasarela } from './client';
import { PasarelaError } from './http';

// What the client tries again and what it throws at once, against a real HTTP server that answers
// as told: an answer cut off while its body comes, and a refund's failure answer.

/** The status line and the first bytes of the body, then nothing more. */
const stalled = (res: ServerResponse) => {
  res.writeHead(201, { 'content-type': 'application/json' });
  res.write('{"id":"re_1",');
};

/** The status line and the first bytes of the body, then the connection drops. */
const cutOff = (res: ServerResponse) => {
  res.writeHead(201, { 'content-type': 'application/json', 'content-length': '500' });
  res.write('{"id":"re_1",', () => res.socket?.destroy());
};

const transaction = {
  codOper: 'PP1', method: 'card', result: 'APPROVED', amount: 25, taxAmount: 0, linkCode: null, orderReference: null, metadata: {},
  refundedAmount: 5, status: 1, authStatus: 'APPROVED', createdAt: '2026-11-25T12:00:00.000Z', updatedAt: '2026-11-25T12:00:00.000Z',
};
const refundResult = { id: 're_1', codOper: 'PP1', amount: 5, status: 'succeeded', createdAt: '2026-11-25T12:00:00.000Z', transaction };

describe('an answer whose body does not all come', () => {
  it('is no answer: a timeout while the body comes is tried again with the same key, then a PasarelaError connection_error', async () => {
    const s = await serverAnswering(stalled);
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url, timeoutMs: 300, maxRetries: 1 });
    const error = await pasarela.transactions.refund('PP1', { amount: 5 }, { idempotencyKey: 'refund-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasarelaError);
    expect(error).toMatchObject({ status: 0, code: 'connection_error' });
    expect(s.seen.map((r) => r.headers['idempotency-key'])).toEqual(['refund-1', 'refund-1']);
  });

  it('is no answer: a connection dropped mid-body is tried again with the same key, and the replayed answer is returned', async () => {
    const s = await serverAnswering(cutOff, json(201, refundResult));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    expect(await pasarela.transactions.refund('PP1', { amount: 5 })).toEqual(refundResult);
    expect(s.seen).toHaveLength(2);
    expect(new Set(s.seen.map((r) => r.headers['idempotency-key'])).size).toBe(1);
  });
});

describe('a refund\'s failure answer', () => {
  it.each([500, 503, 504])('%i is tried again with the same key (the server resumes a refund it recorded before failing)', async (status) => {
    const s = await serverAnswering(json(status, { code: 'happen_error_try_again', message: 'x', requestId: 'req_1' }), json(201, refundResult));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    expect(await pasarela.transactions.refund('PP1', { amount: 5 }, { idempotencyKey: 'refund-3' })).toEqual(refundResult);
    expect(s.seen.map((r) => r.headers['idempotency-key'])).toEqual(['refund-3', 'refund-3']);
  });
});

describe('a 502', () => {
  const badGateway = (res: ServerResponse) => res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');

  it('from a balancer in front of Pasarela (no error of the API: its node died or could not be reached) is tried again with the same key', async () => {
    const s = await serverAnswering(badGateway, json(201, refundResult));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    expect(await pasarela.transactions.refund('PP1', { amount: 5 }, { idempotencyKey: 'refund-4' })).toEqual(refundResult);
    expect(s.seen.map((r) => r.headers['idempotency-key'])).toEqual(['refund-4', 'refund-4']);
  });

  it('from a balancer, every try: a PasarelaError with the status, after maxRetries', async () => {
    const s = await serverAnswering(badGateway);
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url, maxRetries: 1 });
    await expect(pasarela.transactions.retrieve('PP1')).rejects.toMatchObject({ status: 502, code: 'unexpected_answer' });
    expect(s.seen).toHaveLength(2);
  });

  it('of the API (the processor refused: refund_refused) is thrown at once, as the same call would be refused again', async () => {
    const s = await serverAnswering(json(502, { code: 'refund_refused', message: 'The gateway refused the refund', requestId: 'req_2' }), json(201, refundResult));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    const error = await pasarela.transactions.refund('PP1', { amount: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasarelaError);
    expect(error).toMatchObject({ status: 502, code: 'refund_refused', requestId: 'req_2' });
    expect(s.seen).toHaveLength(1);
  });
});

describe('a DELETE (it takes no Idempotency-Key)', () => {
  const ID = `we_${'a'.repeat(32)}`;
  const notFound = json(404, { code: 'webhook_endpoint_not_found', message: 'No such webhook endpoint for this merchant', requestId: 'req_9' });
  /** The request read, then the connection drops before any answer. */
  const reset = (res: ServerResponse) => res.socket?.destroy();
  const badGateway = (res: ServerResponse) => res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');

  it.each([['a dropped connection', reset], ['a balancer\'s 502', badGateway], ['a 503', json(503, { code: 'service_unavailable', message: 'x' }, { 'retry-after': '0' })]])(
    'after %s, a retry\'s 404 is the earlier try\'s deletion: the call succeeds', async (_, lost) => {
      const s = await serverAnswering(lost, notFound);
      const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
      expect(await pasarela.webhookEndpoints.del(ID)).toEqual({ id: ID, deleted: true });
      expect(s.seen.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
    },
  );

  it('404 on the first try is thrown', async () => {
    const s = await serverAnswering(notFound);
    await expect(new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url }).webhookEndpoints.del(ID)).rejects.toMatchObject({ status: 404, code: 'webhook_endpoint_not_found', requestId: 'req_9' });
    expect(s.seen).toHaveLength(1);
  });

  it('404 after a 429 (said before anything was done) is thrown', async () => {
    const s = await serverAnswering(json(429, { code: 'too_many_requests', message: 'x' }, { 'retry-after': '0' }), notFound);
    await expect(new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url }).webhookEndpoints.del(ID)).rejects.toMatchObject({ status: 404, code: 'webhook_endpoint_not_found' });
    expect(s.seen).toHaveLength(2);
  });
});
