import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WALLET_USER } from '../db/seed';
import { asCaller, tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../test/testApp';
import { createLogger } from '../ops/logger';
import { aroundCardAuthorize, loseAnswer } from '../../test/gateways/cardAuthorize';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: createLogger('debug', { write: (line: string) => void lines.push(line) }) });
});
afterAll(() => t.close());

describe('request logs (issue 11 "Operations")', () => {
  it('writes one JSON line per request with a request id, and never a card number, CVC, password or token', async () => {
    const code = await newLink(t);
    const card = '5555555555554444';
    const pay = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: card }));
    expect(pay.status).toBe(200);
    const login = await t.post('/users/login', { login: DEMO_WALLET_USER.login, password: DEMO_WALLET_USER.password });
    const token = String(login.data['token']);
    expect((await t.get('/users/me', asCaller(token))).status).toBe(200);
    await t.post('/users/register', { email: 'log@example.com', name: 'Ana', lastname: 'Log', phone: '+50760000000', pwd: 'Otra#Clave2026' });
    await t.post('/users/recovery-password', { idUsr: 1, confirmationCode: '123456', newPassword: 'Nueva#Clave2026' });
    await t.post('/users/me/cards', { cardNumber: '4242424242424242', expMonth: '12', expYear: '34', cvv: '739', nameOnCard: 'ANA' }, asCaller(token));

    const text = lines.join('');
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const requests = entries.filter((e) => e['msg'] === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(7);
    for (const entry of requests) {
      expect(entry).toMatchObject({ level: 30, service: 'pasarela-sandbox', reqId: expect.any(String), method: expect.any(String), status: expect.any(Number) });
    }
    expect(requests.find((e) => e['path'] === '/api/v1/cards/auth-capture')).toMatchObject({ route: '/api/v1/cards/auth-capture', status: 200 });
    for (const secret of [card, '4242424242424242', DEMO_WALLET_USER.password, 'Otra#Clave2026', 'Nueva#Clave2026', token, 'Camiseta']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/"(cvv|cardNumber|password|pwd|newPassword|token|authorization)"/i);
  });

  // An e-mailed payment request is opened by its token (GET /api/v1/email-payments/:token): whoever reads the log must not open it.
  it('logs a path that carries a token with the token named, never its value', async () => {
    const secret = 'epr_f3b9c2d17a6e4b08a1c5d9e2';
    lines.length = 0;
    await t.app.request(`/api/v1/email-payments/${secret}`);
    const request = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((e) => e['msg'] === 'request');
    expect(request).toMatchObject({ path: '/api/v1/email-payments/:token' });
    expect(lines.join('')).not.toContain(secret);
  });

  it("echoes the caller's X-Request-Id, and makes one when it is missing or unsafe", async () => {
    const given = await t.app.request('/api/v1/translations/version', { headers: { 'x-request-id': 'lb-1234567890' } });
    expect(given.headers.get('x-request-id')).toBe('lb-1234567890');
    const unsafe = await t.app.request('/api/v1/translations/version', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((l) => l.includes('"reqId":"lb-1234567890"'))).toBe(true);
  });

  it("logs a widget page at info once, and the API calls it makes in-process for its first screen at debug", async () => {
    const code = await newLink(t);
    lines.length = 0;
    const page = await t.app.request(`/pf/widget?type=lk&code=${code}`);
    expect(await page.text()).toContain('pasarela-primed');
    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e['msg'] === 'request');
    expect(requests.filter((e) => e['level'] === 30).map((e) => e['path'])).toEqual(['/pf/widget']);
    expect(requests.filter((e) => e['level'] === 20).map((e) => e['path'])).toContain('/api/v1/payment-info');
  });

  it('logs a payment left in doubt at error with what lay under it, never the card', async () => {
    const out: string[] = [];
    const lost = await createTestApp({
      logger: createLogger('info', { write: (line: string) => void out.push(line) }),
      wrapGateways: aroundCardAuthorize((authorize, request) => loseAnswer(authorize(request))),
    });
    try {
      const code = await newLink(lost);
      const pay = await lost.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000056655665556' }));
      expect(pay).toMatchObject({ status: 504, data: { code: 'payment_error_try_again' } });
      const failed = out.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e['path'] === '/api/v1/cards/auth-capture');
      expect(failed).toEqual([expect.objectContaining({ level: 50, msg: 'request failed', status: 504, code: 'payment_error_try_again', err: expect.objectContaining({ message: 'card processor: the answer was lost on the way back', stack: expect.stringContaining('GatewayOutcomeUnknown') }) })]);
      expect(out.join('')).not.toContain('4000056655665556');
    } finally {
      await lost.close();
    }
  });

  it('redacts secret keys even in an object logged by mistake', () => {
    const out: string[] = [];
    createLogger('info', { write: (line: string) => void out.push(line) }).info({ body: { cardInformation: { cardNumber: '4242424242424242' }, password: 'x', token: 'y' } }, 'oops');
    expect(out.join('')).not.toMatch(/4242424242424242|"x"|"y"/);
  });
});
