import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /sandbox/links', () => {
  it('creates a link on the demo merchant and answers 201 { code, slug, url }', async () => {
    const res = await t.admin('POST', '/links', { amount: 12.5, description: 'Zapatos', slug: 'zapatos-rojos' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ code: expect.stringMatching(/^LK[A-Z2-9]{10}$/), slug: 'zapatos-rojos', url: 'http://checkout.test/zapatos-rojos' });
    const info = await t.get(`/payment-info?code=zapatos-rojos&type=slug`);
    expect(info.data).toMatchObject({ idMerchant: 1, amount: 12.5, description: 'Zapatos', taxAmount: 0 });
  });
  it('takes method tokens in cardTypes (SPEC 4 "Method filtering"), which the payment info carries', async () => {
    const res = await t.admin('POST', '/links', { amount: 7, description: 'Solo Nequi y Visa', cardTypes: ['NEQUI', 'VISA'] });
    expect(res.status).toBe(201);
    const info = await t.get(`/payment-info?code=${String(res.json['code'])}&type=lk`);
    expect(info.data).toMatchObject({ othersValues: { cardType: 'NEQUI,VISA' } });
  });
  it.each([
    [{ description: 'x' }, 'missing_arguments', 'amount'],
    [{ amount: '12', description: 'x' }, 'invalid_arguments', 'amount'],
    [{ amount: 0, description: 'x' }, 'invalid_arguments', 'amount'],
    [{ amount: 5 }, 'missing_arguments', 'description'],
    [{ amount: 5, description: 'x', cardTypes: ['DINERS'] }, 'invalid_arguments', 'cardTypes'],
    [{ amount: 5, description: 'x', slug: 'A B' }, 'invalid_arguments', 'slug'],
    [{ amount: 5, description: 'x', slug: 'sandbox' }, 'slug_taken', 'slug'],
    [{ amount: 5, description: 'x', merchantId: 999 }, 'merchant_not_found', 'merchantId'],
    [{ amount: 5, description: 'x', expiresInSeconds: 1.5 }, 'invalid_arguments', 'expiresInSeconds'],
    // Said in Spanish as in English, the limits included (it was 'Un valor enviado no es válido' alone).
    [{ amount: 5, description: 'x', expiresInSeconds: 99_999_999_999 }, 'invalid_arguments', 'expiresInSeconds debe ser un número entero de -31536000 a 31536000'],
  ])('answers 400 naming the field for %j', async (body, code, field) => {
    const res = await t.admin('POST', '/links', body);
    expect(res.status).toBe(400);
    expect(res.json['code']).toBe(code);
    expect(String(res.json['message'])).toContain(field);
  });
  it('refuses a link naming a card brand or method its merchant cannot take (400 naming cardTypes), and nothing is made', async () => {
    const made = await t.admin('POST', '/merchants', { name: 'Solo Visa', methods: ['card', 'nequi'], cardTypes: ['VISA'] });
    const merchantId = Number(made.json['idMerchant']);
    const before = await t.db.query('select 1 from payment_links where merchant_id = $1', [merchantId]);
    for (const cardTypes of [['AMEX'], ['VISA', 'MC'], ['YAPPY'], ['NEQUI', 'CASH']]) {
      const res = await t.admin('POST', '/links', { amount: 5, description: 'x', merchantId, cardTypes });
      expect([res.status, res.json['code']], JSON.stringify(cardTypes)).toEqual([400, 'invalid_arguments']);
      expect(String(res.json['message'])).toContain('(cardTypes: este comercio no acepta');
    }
    expect(await t.db.query('select 1 from payment_links where merchant_id = $1', [merchantId])).toEqual(before);
    for (const cardTypes of [['VISA'], ['CARD', 'NEQUI']]) expect((await t.admin('POST', '/links', { amount: 5, description: 'x', merchantId, cardTypes })).status).toBe(201);
  });
  it('refuses a slug already taken and answers malformed JSON with 400', async () => {
    await t.admin('POST', '/links', { amount: 5, description: 'x', slug: 'unico' });
    expect((await t.admin('POST', '/links', { amount: 5, description: 'x', slug: 'unico' })).json['code']).toBe('slug_taken');
    const res = await t.app.request('/sandbox/links', { method: 'POST', body: '{"amount":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });
  it("answers no other origin's page without a token, the demo shop's included (its server creates links: demoShop.ts)", async () => {
    const res = await t.app.request('/sandbox/links', { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:4001', 'access-control-request-method': 'POST' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

// docs/api.md "Amount rules": past what the integer-cents columns hold is 400 invalid_amount, and a
// limit is said in the merchant's own currency as its payers write it (PRODUCT "Currencies").
describe('an amount past the columns or the limit, said in the merchant\'s currency', () => {
  const NBSP = '\u00a0';
  it.each(['/links', '/email-payments'])('POST %s: a Colombian merchant hears of pesos only, a Panamanian one of dollars', async (path) => {
    const co = await t.admin('POST', '/merchants', { name: 'Tienda Bogotá', country: 'CO' });
    const pa = await t.admin('POST', '/merchants', { name: 'Tienda Colón' });
    const call = (made: typeof co, amount: number, lang: string) => t.admin('POST', path, { amount, description: 'big', ...(path === '/email-payments' ? { to: 'pedro@example.co' } : {}) }, { authorization: `Bearer ${String(made.json['secretKey'])}`, 'accept-language': lang });
    const cases: Array<[typeof co, number, string, number, string, string]> = [
      [co, 25_000_000, 'es', 400, 'invalid_amount', `Monto inválido (amount no puede superar $${NBSP}21.474.836)`],
      [co, 25_000_000, 'en', 400, 'invalid_amount', `Invalid amount (amount must not exceed COP${NBSP}21,474,836)`],
      [co, 21_474_836, 'es', 422, 'amount_exceeds_limit_allowed', `(amount más taxAmount supera el límite del comercio, $${NBSP}20.000.000)`],
      [co, 21_474_836, 'en', 422, 'amount_exceeds_limit_allowed', `(amount plus taxAmount exceeds the merchant's limit of COP${NBSP}20,000,000)`],
      [pa, 25_000_000, 'es', 400, 'invalid_amount', 'Monto inválido (amount no puede superar $21,474,836.47)'],
      [pa, 5000.01, 'es', 422, 'amount_exceeds_limit_allowed', '(amount más taxAmount supera el límite del comercio, $5,000.00)'],
      [pa, 5000.01, 'en', 422, 'amount_exceeds_limit_allowed', "(amount plus taxAmount exceeds the merchant's limit of $5,000.00)"],
    ];
    for (const [made, amount, lang, status, code, words] of cases) {
      const res = await call(made, amount, lang);
      expect([res.status, res.json['code']], `${amount} ${lang}`).toEqual([status, code]);
      expect(String(res.json['message'])).toContain(words);
      expect(String(res.json['message'])).not.toMatch(made === co ? /dólares|dollars|21474836/ : /pesos|COP/);
    }
  });
});

describe('amounts in cents (core amountToCents)', () => {
  it('keeps two-decimal amounts exactly, float dust included: 0.1 + 0.2 is 0.30', async () => {
    const code = await newLink(t, { amount: 0.1 + 0.2, taxAmount: 1.1 * 3 });
    expect((await t.get(`/payment-info?code=${code}`)).data).toMatchObject({ amount: 0.3, taxAmount: 3.3 });
  });
  it('refuses a third decimal instead of rounding it (docs/spec-decisions.md "Amounts on the wire")', async () => {
    expect(await t.admin('POST', '/links', { amount: 1.005, description: 'x' })).toMatchObject({ status: 400, json: { code: 'invalid_arguments' } });
    expect(await t.admin('POST', '/links', { amount: 1, taxAmount: 0.075, description: 'x' })).toMatchObject({ status: 400, json: { message: expect.stringContaining('(taxAmount debe ser un número con dos decimales como máximo)') } });
  });
});

describe('what the link call takes', () => {
  it('refuses a field it does not take, naming it, and makes no link (a misspelt singleUse is not passed over)', async () => {
    const before = await t.db.query('select count(*)::int as n from payment_links');
    expect(await t.admin('POST', '/links', { amount: 1, description: 'x', singleuse: true })).toMatchObject({ status: 400, json: { code: 'invalid_arguments', message: expect.stringContaining('(singleuse no es un campo que esta llamada acepte)') } });
    expect(await t.admin('POST', '/email-payments', { to: 'a@example.com', amount: 1, description: 'x', lang: 'en' })).toMatchObject({ status: 400, json: { message: expect.stringContaining('(lang no es un campo que esta llamada acepte)') } });
    expect(await t.db.query('select count(*)::int as n from payment_links')).toEqual(before);
  });
  it('says a description that is not text is not text, and one left out is required', async () => {
    expect((await t.admin('POST', '/links', { amount: 1, description: 5 })).json['message']).toContain('(description debe ser un texto)');
    expect((await t.admin('POST', '/links', { amount: 1 })).json['message']).toContain('(description es obligatorio)');
  });
});

describe('GET /sandbox/transactions', () => {
  it('lists the transactions of a link with codOper, method, amount and status', async () => {
    const code = await newLink(t);
    await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000000002' }));
    await t.post('/cards/auth-capture', await tokenizedCardPayload(code));
    const res = await t.admin('GET', `/transactions?code=${code}`);
    const list = res.json['transactions'] as Array<Record<string, unknown>>;
    expect(list.map((x) => [x['method'], x['amount'], x['status']])).toEqual([['card', 25, 0], ['card', 25, 1]]);
    expect(list[1]?.['codOper']).toMatch(/^PP/);
    expect(list[1]).toMatchObject({ userId: null, anonymousUserServiceId: 1003 });
  });
  it('answers 400 without code and 404 for an unknown link', async () => {
    expect((await t.admin('GET', '/transactions')).status).toBe(400);
    expect((await t.admin('GET', '/transactions?code=NOPE')).status).toBe(404);
  });
});
