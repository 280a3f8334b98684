import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { json, serverAnswering } from '../test/answeringServer';
import { Pasarela } from './client';
import { PasarelaError } from './http';

// How calls travel: a redirect is never followed (fetch would turn a POST into a GET and answer
// what that GET gets), and the language of Pasarela's messages can be chosen (`?lang=`, or
// Accept-Language, docs/merchant-api.md "Errors").

const page = { data: [], hasMore: false, nextCursor: null };
const movedTo = (location: string) => (res: ServerResponse) => res.writeHead(301, { location }).end();

describe('a redirect', () => {
  it('is not followed: a POST redirected is a PasarelaError naming where it was sent, never the answer of a GET made of it', async () => {
    const s = await serverAnswering(movedTo('/api/v1/merchant/payment-links'), json(200, page));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    const error = await pasarela.paymentLinks.create({ amount: 25, description: 'Pedido' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasarelaError);
    expect(error).toMatchObject({ status: 301, code: 'unexpected_answer' });
    expect((error as PasarelaError).message).toContain('/api/v1/merchant/payment-links');
    expect((error as PasarelaError).message).toContain('baseUrl');
    expect(s.seen.map((r) => r.method)).toEqual(['POST']);
  });
});

describe('language', () => {
  it('asks Pasarela\'s messages in the language given (Accept-Language), and leaves fetch\'s own without it', async () => {
    const s = await serverAnswering(json(200, page));
    await new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url, language: 'en' }).transactions.list();
    await new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url, language: 'es' }).paymentLinks.expire('LK1').catch(() => undefined);
    await new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url }).transactions.list();
    expect(s.seen.slice(0, 2).map((r) => r.headers['accept-language'])).toEqual(['en', 'es']);
    expect(s.seen[2]?.headers['accept-language']).not.toMatch(/^(es|en)$/);
  });

  it('refuses a language Pasarela does not speak at construction', () => {
    expect(() => new Pasarela({ secretKey: 'sk_test_1', baseUrl: 'https://checkout.example', language: 'fr' as 'en' })).toThrow(/language must be es or en/);
  });
});

describe('maxRetries and timeoutMs', () => {
  const construct = (options: object) => () => new Pasarela({ secretKey: 'sk_test_1', baseUrl: 'https://checkout.example', ...options });

  it.each([-1, 1.5, NaN, Infinity, '3', null])('refuses maxRetries %s at construction, naming the option and what it takes', (value) => {
    expect(construct({ maxRetries: value })).toThrow(TypeError);
    expect(construct({ maxRetries: value })).toThrow(`maxRetries must be a whole number of retries, 0 or more; got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
  });

  it.each([0, -5, 2.5, NaN, Infinity, 2_147_483_648, '30000', null])('refuses timeoutMs %s at construction, naming the option and what it takes', (value) => {
    expect(construct({ timeoutMs: value })).toThrow(TypeError);
    expect(construct({ timeoutMs: value })).toThrow(`timeoutMs must be a whole number of milliseconds from 1 to 2147483647; got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
  });

  it('takes whole numbers in range: 0 retries tries once, and the longest timer Node keeps', async () => {
    expect(construct({ maxRetries: 0, timeoutMs: 1 })).not.toThrow();
    expect(construct({ maxRetries: 10, timeoutMs: 2_147_483_647 })).not.toThrow();
    const s = await serverAnswering(json(503, { code: 'service_unavailable', message: 'x' }));
    await expect(new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url, maxRetries: 0 }).transactions.list()).rejects.toMatchObject({ status: 503 });
    expect(s.seen).toHaveLength(1);
  });
});
