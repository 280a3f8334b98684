import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newRequest = async (body: Record<string, unknown> = {}) => {
  const res = await t.admin('POST', '/email-payments', { to: 'lucia@example.com', amount: 40, taxAmount: 2.8, description: 'Clases de junio', ...body });
  expect(res.status).toBe(201);
  return res.json as { token: string; code: string; url: string };
};

describe('SPEC 2 /pf/emailPayment: a payment request sent by e-mail', () => {
  it("is written in the recipient's own language when they are a wallet user with one, else in the sender's", async () => {
    await t.admin('POST', '/users', { email: 'karen@example.com', login: 'karen', password: 'Segura#2026' });
    expect((await t.post('/users/login', { login: 'karen', password: 'Segura#2026' }, { 'accept-language': 'en' })).status).toBe(200);
    await newRequest({ to: 'Karen@example.com' });
    await newRequest({ to: 'nadie.mas@example.com' });
    const subjectTo = async (to: string) => ((await t.admin('GET', `/mailbox?to=${to}`)).json['messages'] as Array<{ subject: string }>)[0]?.subject;
    expect(await subjectTo('karen@example.com')).toMatch(/sent you a payment request$/);
    expect(await subjectTo('nadie.mas@example.com')).toMatch(/te envió una solicitud de pago$/);
  });

  it('is mailed with its link, opens as payable and refuses a second payment', async () => {
    const sent = await newRequest();
    expect(sent.url).toMatch(/\/pf\/emailPayment\?code=EP[0-9a-f]{20}$/);
    const mail = await t.admin('GET', '/mailbox?to=lucia@example.com');
    const [latest] = (mail.json['messages'] as Array<{ kind: string; body: string }>);
    expect(latest?.kind).toBe('email_payment');
    expect(latest?.body).toContain(sent.url);
    // Written as the receipts write dollars (issue 93).
    expect(latest?.body).toContain('te pide $42.80 por: Clases de junio.');

    const open = await t.get(`/email-payments/${sent.token}`);
    expect(open.status).toBe(200);
    expect(open.data).toMatchObject({ token: sent.token, code: sent.code, to: 'lucia@example.com', amount: 40, taxAmount: 2.8, description: 'Clases de junio' });

    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(sent.code, { amount: 40, taxAmount: 2.8 }));
    expect(paid.data['status']).toBe(1);
    const again = await t.get(`/email-payments/${sent.token}`);
    expect([again.status, again.data['code']]).toEqual([409, 'request_already_paid']);
    // The link itself is single use too.
    expect((await t.get(`/payment-info?code=${sent.code}&type=lk`)).data['code']).toBe('request_already_paid');
    // The send activity lists it as paid, with its link.
    const listed = await t.admin('GET', '/email-payments?to=LUCIA@example.com');
    expect((listed.json['requests'] as Array<Record<string, unknown>>)[0]).toMatchObject({ token: sent.token, to: 'lucia@example.com', state: 'paid', url: sent.url });
  });

  it('a Colombian merchant asks in pesos, written as its receipts write them (PRODUCT "Currencies")', async () => {
    const made = await t.admin('POST', '/merchants', { name: 'Tienda Bogotá', country: 'CO' });
    const auth = { authorization: `Bearer ${String(made.json['secretKey'])}` };
    for (const [lang, to, words] of [['es', 'pedro@example.co', 'Tienda Bogotá te pide $\u00a060.000 por: Pedido 77.'], ['en', 'peter@example.co', 'Tienda Bogotá asks you for COP\u00a060,000 for: Pedido 77.']] as const) {
      const res = await t.admin('POST', '/email-payments', { to, amount: 60_000, description: 'Pedido 77' }, { ...auth, 'accept-language': lang });
      expect(res.status).toBe(201);
      const [mail] = (await t.admin('GET', `/mailbox?to=${to}`)).json['messages'] as Array<{ body: string; html: string }>;
      expect(mail?.body).toContain(words);
      expect(mail?.html).toContain(words);
      expect(`${mail?.body ?? ''}${mail?.html ?? ''}`).not.toMatch(/USD|60000/);
    }
  });

  it.each([
    ['EP00000000000000000000', 404, 'PAYMENT_NOT_FOUND'],
    ['not-a-token', 404, 'PAYMENT_NOT_FOUND'],
  ])('an unknown request %s answers %i %s', async (token, status, code) => {
    const res = await t.get(`/email-payments/${token}`);
    expect([res.status, res.data['code']]).toEqual([status, code]);
  });

  it('an expired request answers 410 with SPEC 8 code 3000', async () => {
    const sent = await newRequest({ expiresInSeconds: -1 });
    const res = await t.get(`/email-payments/${sent.token}`);
    expect([res.status, res.data['code']]).toEqual([410, 3000]);
  });

  it.each([
    [{ to: 'nope' }, /to must be an e-mail/],
    [{ to: ' Soporte@Pasarela.test ' }, /to must not be the support address/],
    [{ amount: 0 }, /amount must be above 0/],
    [{ returnUrl: 'javascript:alert(1)' }, /http or https/],
  ])('bad input %j answers 400 naming the field', async (bad, message) => {
    const res = await t.admin('POST', '/email-payments', { to: 'a@example.com', amount: 5, description: 'x', ...bad }, { 'accept-language': 'en' });
    expect(res.status).toBe(400);
    expect(String(res.json['message'])).toMatch(message);
  });
});

describe('the captcha token and fingerprint ids on a payment (checked by the server)', () => {
  const security = { deviceInformation: { deviceFingerprint: 'fp_device_0001' }, pfFingerprint: 'fp_request_0001', pfFingerprintIntegration: 'FINGER_PRINT' };

  it.each([
    ['fail', 403, 'error_captcha'],
    ['fail-score', 403, 'invalid_score_captcha'],
  ])('a card payment with token %s answers %i %s and records nothing', async (token, status, code) => {
    const link = await newLink(t);
    const body = await tokenizedCardPayload(link);
    const res = await t.post('/cards/auth-capture', { ...body, ...security, additionalData: { ...body.additionalData, captchaToken: token, scoreCaptcha: 1 } });
    expect([res.status, res.data['code']]).toEqual([status, code]);
    expect((await t.admin('GET', `/transactions?code=${link}`)).json['transactions']).toEqual([]);
  });

  it('a person\'s token with fingerprint ids pays', async () => {
    const body = await tokenizedCardPayload(await newLink(t));
    const res = await t.post('/cards/auth-capture', { ...body, ...security, additionalData: { ...body.additionalData, captchaToken: 'sandbox.person.1', scoreCaptcha: 1 } });
    expect(res.data['status']).toBe(1);
  });

  it('other methods verify the token too (Yappy)', async () => {
    const res = await t.post('/yappy/payments', { code: await newLink(t), phone: '61111111', captchaToken: 'fail', scoreCaptcha: 1, ...security });
    expect([res.status, res.data['code']]).toEqual([403, 'error_captcha']);
  });

  it('a subscription payment verifies the token too', async () => {
    const plans = (await t.get('/merchants/1/plans')).data['plans'] as Array<{ idPlan: number }>;
    const created = await t.post('/subscriptions', { idPlan: plans[0]?.idPlan, email: 'sub@example.com' });
    const key = String(created.data['subscriptionKey']);
    const card = (await tokenizedCardPayload('x')).cardInformation;
    const refused = await t.post(`/subscriptions/${key}/pay`, { cardInformation: card, trackId: crypto.randomUUID(), captchaToken: 'fail-score', scoreCaptcha: 1, ...security });
    expect([refused.status, refused.data['code']]).toEqual([403, 'invalid_score_captcha']);
    const paid = await t.post(`/subscriptions/${key}/pay`, { cardInformation: card, trackId: crypto.randomUUID(), captchaToken: 'sandbox.person.2', scoreCaptcha: 1, ...security });
    expect(paid.data['status']).toBe(1);
  });

  it.each([
    [{ pfFingerprint: '<b>x</b>' }],
    [{ pfFingerprintIntegration: 'OTHER' }],
    [{ deviceInformation: { deviceFingerprint: 'x' } }],
  ])('malformed fingerprint fields %j answer 400', async (bad) => {
    const res = await t.post('/cards/auth-capture', { ...await tokenizedCardPayload(await newLink(t)), ...bad });
    expect(res.status).toBe(400);
  });
});
