import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../test/testApp';
import { rateBucketOf } from './rateLimit';

describe('rateBucketOf', () => {
  it.each([
    ['POST', '/users/login', 'login'], ['POST', '/users/register', 'signup'], ['POST', '/users/recovery-password', 'recovery'],
    ['POST', '/cards/auth-capture', 'payments'], ['POST', '/v2/process-tx', 'payments'], ['POST', '/nequi/push', 'payments'], ['GET', '/nequi/qr', 'payments'],
    ['POST', '/yappy/payments', 'payments'], ['POST', '/cash/pay-cash', 'payments'], ['POST', '/subscriptions/SUB1/pay', 'payments'], ['POST', '/users/me/cards', 'payments'],
    ['GET', '/users/login', undefined], ['GET', '/nequi/payments/PP1', undefined], ['GET', '/translations/version', undefined],
  ])('%s %s counts as %s', (method, path, bucket) => {
    expect(rateBucketOf(method, path)).toBe(bucket);
  });
});

describe('per-client rate limits (issue 11 "Bad traffic")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ wireEncoding: false, rateLimits: { login: 3, signup: 2, recovery: 2, payments: 4 }, trustedProxies: 1 });
  });
  afterAll(() => t.close());
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('answers 429 with Retry-After past the login limit, per client, and leaves other calls alone', async () => {
    const login = (ip: string) => t.app.request('/api/v1/users/login', {
      method: 'POST', body: JSON.stringify({ login: 'nadie', password: 'x' }), headers: { 'content-type': 'application/json', 'x-api-key': 'pk_sandbox_pasarela_guest', ...from(ip) },
    });
    for (let i = 0; i < 3; i++) expect((await login('203.0.113.1')).status).toBe(400);
    const limited = await login('203.0.113.1');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(((await limited.json()) as { data: string }).data)).toMatchObject({ code: 'too_many_requests' });
    // Another client, and another kind of call from the same client, are not held back.
    expect((await login('203.0.113.2')).status).toBe(400);
    expect((await t.get('/translations/version', from('203.0.113.1'))).status).toBe(200);
  });

  it('counts an IPv6 client by its /64: a new address of the same /64 does not start a new count', async () => {
    const signup = (ip: string) => t.app.request('/api/v1/users/register', {
      method: 'POST', body: '{}', headers: { 'content-type': 'application/json', 'x-api-key': 'pk_sandbox_pasarela_guest', ...from(ip) },
    });
    const statuses = [];
    for (const ip of ['2001:db8:9:9::1', '2001:db8:9:9::2', '2001:db8:9:9:1:2:3:4', '2001:db8:9:a::1']) statuses.push((await signup(ip)).status);
    expect(statuses.map((s) => s === 429)).toEqual([false, false, true, false]);
  });

  it('counts payments of every method in one limit, and a forged X-Forwarded-For entry does not escape it', async () => {
    const code = await newLink(t);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000000002' }), from('198.51.100.7'))).status);
    statuses.push((await t.post('/nequi/push', { code, phone: '63333333' }, from('198.51.100.7'))).status);
    // With one proxy trusted, the address it saw is the last entry; what the client wrote before it does not count.
    statuses.push((await t.post('/cards/auth-capture', await tokenizedCardPayload(code), { 'x-forwarded-for': '10.9.9.9, 198.51.100.7' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
