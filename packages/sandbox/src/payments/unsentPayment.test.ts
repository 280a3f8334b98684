import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateways } from '@pasarela/gateways';
import { createTestApp, freshCaptchaToken, newLink, type TestApp } from '../../test/testApp';

// docs/gateways.md "GatewayCallNotSent": a processor whose connection is refused at the first try
// was sent nothing. A payment that this request just recorded then fails at once (503, nothing
// charged, the attempt forgotten) for every method, as a card's does, not after the call's deadline.

const contact = (code: string) => ({ code, email: 'pagador@example.com', trackId: randomUUID(), captchaToken: freshCaptchaToken() });
const methods: Array<[string, (code: string) => Promise<{ path: string; body?: Record<string, unknown>; get?: string }>]> = [
  ['a Nequi push', async (code) => ({ path: '/nequi/push', body: { ...contact(code), phone: '3991111111' } })],
  ['a Nequi QR', async (code) => ({ path: `/nequi/qr?code=${code}&trackId=${randomUUID()}`, get: 'get' })],
  ['a Yappy push', async (code) => ({ path: '/yappy/payments', body: { ...contact(code), phone: '61111111' } })],
  ['a cash voucher', async (code) => ({ path: '/cash/pay-cash', body: { ...contact(code), phone: '61111111' } })],
  ['a cash-point voucher', async (code) => ({ path: '/cash/cash-point', body: { ...contact(code), phone: '61111111' } })],
  ['a Clave payment', async (code) => ({ path: '/clave/payments', body: contact(code) })],
  ['a crypto payment', async (code) => ({ path: '/crypto/payments', body: { codeProcess: code, currency: 'BTC', network: 'BTC', email: 'pagador@example.com', trackId: randomUUID(), captchaToken: freshCaptchaToken() } })],
];

describe('a payment while the processor refuses the connection', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The deployment's deadline: waiting for it is the defect.
    t = await createTestApp({ processorsTimeoutMs: 10_000 });
    await t.simulator.close();
  });
  afterAll(() => t.close());

  it.each(methods)('%s fails at once with 503 method_payments_unavailable, nothing recorded', async (_name, make) => {
    const code = await newLink(t);
    const request = await make(code);
    const started = Date.now();
    const answer = request.get ? await t.get(request.path) : await t.post(request.path, request.body);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer).toMatchObject({
      status: 503,
      data: { code: 'method_payments_unavailable', message: 'Este método de pago no está disponible en este momento. No se hizo ningún cargo: intenta de nuevo en unos minutos o paga con otro método' },
    });
    expect(await t.db.query('select 1 from transactions where link_code = $1', [code])).toEqual([]);
  });
});

describe('a retry of a push in doubt while the processor refuses the connection', () => {
  // The first push reached the wallet; its answer was lost. The processor then refuses connections and
  // the payer retries with the same trackId: that refusal says nothing of the first push, so the
  // attempt stays in doubt (504), never forgotten as "nothing was charged".
  let t: TestApp;
  let loseNext = true;
  beforeAll(async () => {
    t = await createTestApp({
      processorsTimeoutMs: 10_000,
      wrapGateways: (gateways: Gateways): Gateways => ({
        ...gateways,
        push: {
          ...gateways.push,
          request: async (request) => {
            const answer = await gateways.push.request(request);
            if (!loseNext) return answer;
            loseNext = false;
            throw new Error('the answer was lost on the way back');
          },
        },
      }),
    });
  });
  afterAll(() => t.close());

  it('stays in doubt: 504, the attempt kept', async () => {
    const code = await newLink(t);
    const body = { ...contact(code), phone: '3991111111' };
    expect(await t.post('/nequi/push', body)).toMatchObject({ status: 504 });
    await t.simulator.close();
    const started = Date.now();
    const retry = await t.post('/nequi/push', { ...body, captchaToken: freshCaptchaToken() });
    expect(retry).toMatchObject({ status: 504, data: { code: 'payment_error_try_again' } });
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(await t.db.query('select auth_status from transactions where link_code = $1', [code])).toEqual([{ auth_status: 'PROCESSING' }]);
  }, 20_000);
});
