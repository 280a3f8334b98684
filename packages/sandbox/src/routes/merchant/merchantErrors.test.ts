import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createTestApp, type TestApp } from '../../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../../test/merchantApiClient';
import { errorText } from '../../http/errorText';
import { englishWordsIn, spanishWordsIn } from '../../../test/languageWords';

// The merchant API's errors (docs/merchant-api.md "Errors"): in the caller's language, with the
// request's id, and a clear answer to a JSON body sent under another content type.

let t: TestApp;
let api: MerchantApiClient;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  api = await merchantApiClient((path, init) => t.app.request(path, init));
  key = (await createMerchant(t, { name: 'Errores S.A.' })).key;
});
afterAll(() => t.close());

const badLink = (lang?: string) => api.call('POST', '/payment-links', {
  key, body: { amount: 'diez', description: 'Pedido' }, ...(lang ? { headers: { 'accept-language': lang } } : {}),
});

describe('merchant API errors', () => {
  it('answers invalid_arguments in Spanish by default and in English when asked, naming the field', async () => {
    const es = await badLink();
    expect(es.status).toBe(400);
    expect(es.json).toMatchObject({ code: 'invalid_arguments', message: 'Un valor enviado no es válido (amount debe ser un número)' });
    const en = await badLink('en-US,en;q=0.9');
    expect(en.json).toMatchObject({ code: 'invalid_arguments', message: 'A value sent is not valid (amount must be a number)' });
    const unknownField = await api.call('POST', '/payment-links', { key, body: { amount: 5, description: 'x', colour: 'red' } });
    expect(unknownField.json['message']).toBe('Un valor enviado no es válido (colour no es un campo que esta llamada acepte)');
    const notText = await api.call('POST', '/payment-links', { key, body: { amount: 5, description: 5 }, headers: { 'accept-language': 'en' } });
    expect(notText.json).toMatchObject({ code: 'invalid_arguments', message: 'A value sent is not valid (description must be a string)' });
    const fraction = await api.call('POST', '/keys/roll', { key, body: { expiresInSeconds: 1.5 }, headers: { 'accept-language': 'en' } });
    expect(fraction.json).toMatchObject({ code: 'invalid_arguments', message: 'A value sent is not valid (expiresInSeconds must be a whole number)' });
    const notEmail = await api.call('GET', '/subscriptions?email=nope', { key });
    expect(notEmail.json).toMatchObject({ code: 'invalid_arguments', message: 'Un valor enviado no es válido (email debe ser una dirección de e-mail)' });
    const notEmailEn = await api.call('GET', '/subscriptions?email=nope', { key, headers: { 'accept-language': 'en' } });
    expect(notEmailEn.json).toMatchObject({ code: 'invalid_arguments', message: 'A value sent is not valid (email must be an e-mail address)' });
  });

  it.each([
    ['es', 'No tiene ninguna transacción con ese codOper'],
    ['en', 'You have no transaction with that codOper'],
  ])('says transaction_not_found in %s', async (lang, message) => {
    const res = await api.call('GET', '/transactions/PP000000000000', { key, headers: { 'accept-language': lang } });
    expect(res.json['code']).toBe('transaction_not_found');
    expect(String(res.json['message']).startsWith(message)).toBe(true);
  });

  it('puts the request id in every error body, the same as the X-Request-Id header', async () => {
    const noSuchCall = await t.app.request('/api/v1/merchant/nothing-here', { headers: { authorization: `Bearer ${key}` } });
    const answers = [await badLink(), await api.call('GET', '/transactions/PP000000000000', {}),
      { json: (await noSuchCall.json()) as Record<string, unknown>, headers: noSuchCall.headers }];
    for (const res of answers) {
      expect(res.json['requestId']).toMatch(/^[\w-]{8,}$/);
      expect(res.json['requestId']).toBe(res.headers.get('x-request-id'));
    }
    const given = await api.call('GET', '/transactions/PP000000000000', { key, headers: { 'x-request-id': 'shop-req-12345' } });
    expect(given.json['requestId']).toBe('shop-req-12345');
  });

  it('answers a JSON body sent as text/plain with 415 unsupported_media_type saying what to send, and makes nothing', async () => {
    const before = await t.db.query('select count(*)::int as n from payment_links');
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await api.call('POST', '/payment-links', { key, body: { amount: 5, description: 'Pedido' }, headers: { 'content-type': type, 'accept-language': 'en' } });
      expect(res.status).toBe(415);
      expect(res.json['code']).toBe('unsupported_media_type');
      expect(res.json['message']).toContain('Content-Type: application/json');
      expect(res.json['message']).toContain(type);
      expect(res.json['message']).toBe(`The body is not in a type this call takes (send the body as Content-Type: application/json; it came as ${type})`);
    }
    expect(await t.db.query('select count(*)::int as n from payment_links')).toEqual(before);
  });
});

// docs/merchant-api.md: "a 400's message names the field and what it takes". Each of these answered the
// bare "Un valor enviado no es válido", or took a day that does not exist as the next month's.
describe('a bad value is named with what its field takes, in either language', () => {
  it.each<[string, string, unknown, string, string]>([
    ['GET', '/balance-transactions?payout=po_nope', undefined, 'payout debe ser el id de un pago a su cuenta: po_ y 32 cifras hexadecimales', 'payout must be a payout id: po_ and 32 hex digits'],
    ['GET', '/balance-transactions?codOper=a%20b', undefined, 'codOper debe ser el código de un pago, como PP1A2B3C4D5E6F', 'codOper must be a payment code, such as PP1A2B3C4D5E6F'],
    ['GET', '/disputes?codOper=a%20b', undefined, 'codOper debe ser el código de un pago', 'codOper must be a payment code'],
    ['GET', '/payouts?arrivalFrom=2026-02-30', undefined, 'arrivalFrom debe ser un día del calendario, como 2026-12-01', 'arrivalFrom must be a calendar day, such as 2026-12-01'],
    ['GET', '/transactions?createdFrom=2026-02-30T00:00:00Z', undefined, 'createdFrom no es una fecha real', 'createdFrom is not a real date'],
    ['GET', '/webhook-endpoints?limit=5', undefined, 'limit no es un parámetro que esta llamada acepte', 'limit is not a parameter this call takes'],
    ['POST', '/payment-links', { amount: 5, description: 'Pedido', expiresAt: `${new Date().getUTCFullYear() + 1}-04-31T12:00:00Z` }, 'expiresAt no es una fecha real', 'expiresAt is not a real date'],
    ['POST', '/payment-links', { amount: 5, description: 'Pedido', expiresAt: `${new Date().getUTCFullYear()}-12-31T24:00:00Z` }, 'expiresAt no es una fecha real', 'expiresAt is not a real date'],
    // The database's timestamps hold years 1 to 9999: year 0 was a 500 (PostgreSQL's "out of range").
    ['GET', '/transactions?createdFrom=0000-01-01T00:00:00Z', undefined, 'createdFrom debe estar entre 0001-01-01T00:00:00Z y 9999-12-31T23:59:59Z', 'createdFrom must fall between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z'],
    ['GET', '/payment-links?updatedTo=0001-01-01T00:00:00%2B01:00', undefined, 'updatedTo debe estar entre', 'updatedTo must fall between'],
    ['GET', '/events?createdTo=9999-12-31T23:59:59-01:00', undefined, 'createdTo debe estar entre', 'createdTo must fall between'],
    ['GET', '/payouts?arrivalFrom=0000-12-01', undefined, 'arrivalFrom debe estar entre 0001-01-01 y 9999-12-31', 'arrivalFrom must fall between 0001-01-01 and 9999-12-31'],
    // A metadata refusal names its key (docs/merchant-api.md, metadata).
    ['POST', '/payment-links', { amount: 5, description: 'Pedido', metadata: { customer: 'c_77', units: 3 } }, 'el valor de "units" en metadata debe ser un texto', 'metadata value of "units" must be a string'],
    ['POST', '/payment-links', { amount: 5, description: 'Pedido', metadata: { note: 'x'.repeat(501) } }, 'el valor de "note" en metadata debe tener como máximo 500 caracteres', 'metadata value of "note" must be at most 500 characters'],
    ['POST', '/payment-links', { amount: 5, description: 'Pedido', metadata: { note: 'a\u202eb' } }, 'el valor de "note" en metadata no puede tener caracteres de control ni bidireccionales', 'metadata value of "note" must not hold control or bidi characters'],
    ['POST', '/payment-links', { amount: 5, description: 'Pedido', metadata: { ['k'.repeat(41)]: 'v' } }, `la clave "${'k'.repeat(41)}" de metadata debe tener como máximo 40 caracteres`, `metadata key "${'k'.repeat(41)}" must be at most 40 characters`],
  ])('%s %s', async (method, path, body, es, en) => {
    const before = await t.db.query('select count(*)::int as n from payment_links');
    for (const [lang, words] of [['es', es], ['en', en]] as const) {
      const res = await api.call(method, path, { key, ...(body === undefined ? {} : { body }), headers: { 'accept-language': lang } });
      expect(res.status).toBe(400);
      expect(res.json['code']).toBe('invalid_arguments');
      expect(res.json['message']).toContain(`(${words}`);
    }
    expect(await t.db.query('select count(*)::int as n from payment_links')).toEqual(before);
  });

  // docs/api.md "Amount rules": past what the columns hold is 400 invalid_amount, the most said in the merchant's currency alone.
  it.each<[Record<string, unknown>, string, string]>([
    [{ amount: 21474836, taxAmount: 1 }, 'amount más taxAmount no puede superar $21,474,836.47', 'amount plus taxAmount must not exceed $21,474,836.47'],
    [{ amount: 100_000_000 }, 'amount no puede superar $21,474,836.47', 'amount must not exceed $21,474,836.47'],
    [{ amount: 1e308 }, 'amount no puede superar $21,474,836.47', 'amount must not exceed $21,474,836.47'],
    [{ amount: 5, taxAmount: 1e12 }, 'taxAmount no puede superar $21,474,836.47', 'taxAmount must not exceed $21,474,836.47'],
  ])('%j past what the columns hold is invalid_amount naming the field and the most in dollars, in either language', async (amounts, es, en) => {
    const before = await t.db.query('select count(*)::int as n from payment_links');
    for (const [lang, words] of [['es', es], ['en', en]] as const) {
      const res = await api.call('POST', '/payment-links', { key, body: { ...amounts, description: 'Pedido' }, headers: { 'accept-language': lang } });
      expect([res.status, res.json['code']]).toEqual([400, 'invalid_amount']);
      expect(res.json['message']).toContain(`(${words})`);
    }
    expect(await t.db.query('select count(*)::int as n from payment_links')).toEqual(before);
  });

  // docs/api.md "Amount rules": a refund's or a capture's amount past what the columns hold names the
  // merchant's currency alone, as links do: dollars in Panama, pesos in Colombia, never both.
  it.each<['PA' | 'CO', string, string]>([
    ['PA', 'amount no puede superar $21,474,836.47', 'amount must not exceed $21,474,836.47'],
    ['CO', 'amount no puede superar $\u00a021.474.836', 'amount must not exceed COP\u00a021,474,836'],
  ])('a refund or capture amount past what the columns hold names the currency of a merchant in %s alone', async (country, es, en) => {
    const merchant = await createMerchant(t, { name: `Tope ${country}`, country });
    for (const call of ['refunds', 'capture']) {
      for (const amount of [1e9, 1e308]) {
        for (const [lang, words] of [['es', es], ['en', en]] as const) {
          const res = await api.call('POST', `/transactions/PP000000000000/${call}`, { key: merchant.key, body: { amount }, headers: { 'accept-language': lang } });
          expect([res.status, res.json['code']]).toEqual([400, 'invalid_amount']);
          expect(res.json['message']).toContain(`(${words})`);
          expect(res.json['message']).not.toMatch(/pesos|dólares|dollars/);
        }
      }
    }
  });

  it('a real last day of February and a time just before midnight are taken', async () => {
    const year = new Date().getUTCFullYear() + 1;
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const res = await api.call('POST', '/payment-links', { key, body: { amount: 5, description: 'Pedido', expiresAt: `${year}-02-${leap ? 29 : 28}T23:59:59-05:00` } });
    expect(res.status).toBe(201);
    expect(res.json['expiresAt']).toBe(new Date(`${year}-02-${leap ? 29 : 28}T23:59:59-05:00`).toISOString());
    // RFC 3339 5.6 lets "T" and "Z" be lower case.
    const lower = await api.call('POST', '/payment-links', { key, body: { amount: 5, description: 'Pedido', expiresAt: `${year}-03-01t12:00:00z` } });
    expect([lower.status, lower.json['expiresAt']]).toEqual([201, `${year}-03-01T12:00:00.000Z`]);
  });
});

describe('a call asked with a method it does not take', () => {
  // Not through the OpenAPI-checking client: these methods are in no operation of the document.
  const ask = async (method: string, path: string, lang?: string) => {
    const res = await t.app.request(`/api/v1/merchant${path}`, { method, headers: { authorization: `Bearer ${key}`, ...(lang ? { 'accept-language': lang } : {}) } });
    return { status: res.status, allow: res.headers.get('allow'), json: (await res.json()) as Record<string, unknown> };
  };
  it.each([
    ['PUT', '/payment-links', 'GET, HEAD, POST'],
    ['DELETE', '/transactions/TX123', 'GET, HEAD'],
    ['GET', '/transactions/TX123/refunds', 'POST'],
    ['PUT', '/webhook-endpoints/we_1', 'DELETE, GET, HEAD, PATCH, POST'],
    ['PATCH', '/balance', 'GET, HEAD'],
  ])('%s %s is 405 method_not_allowed with Allow: %s, in either language', async (method, path, allow) => {
    const es = await ask(method, path);
    expect([es.status, es.allow, es.json['code']]).toEqual([405, allow, 'method_not_allowed']);
    expect(es.json['message']).toBe(`Esa llamada no acepta ese método (${path} acepta ${allow})`);
    const en = await ask(method, path, 'en');
    expect(en.json['message']).toBe(`That call does not take that method (${path} takes ${allow})`);
  });

  it('a key sent as Basic (curl -u sk_...:) is told to send it as Bearer, in either language', async () => {
    const basic = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
    const res = await t.app.request('/api/v1/merchant/payment-links', { headers: { authorization: basic } });
    const body = (await res.json()) as Record<string, unknown>;
    expect([res.status, body['code']]).toEqual([401, 'invalid_secret_key']);
    expect(body['message']).toBe('La clave secreta no es de ningún comercio (Authorization debe ser Bearer <secretKey>, no Basic)');
    const en = await t.app.request('/api/v1/merchant/payment-links', { headers: { authorization: basic, 'accept-language': 'en' } });
    expect(((await en.json()) as Record<string, unknown>)['message']).toMatch(/\(Authorization must be Bearer <secretKey>, not Basic\)$/);
    const nobodys = await t.app.request('/api/v1/merchant/payment-links', { headers: { authorization: 'Bearer sk_test_nobody' } });
    expect(((await nobodys.json()) as Record<string, unknown>)['message']).toBe('La clave secreta no es de ningún comercio');
  });

  it('a path no call has is still 404 not_found', async () => {
    const res = await ask('PUT', '/payment-linkz');
    expect([res.status, res.json['code'], res.allow]).toEqual([404, 'not_found', null]);
  });

  it('a call\'s path with a final / is no call: 404 not_found, never a 405 whose Allow lists the method asked', async () => {
    for (const [method, path] of [['GET', '/transactions/'], ['GET', '/payment-links/'], ['POST', '/payment-links/'], ['GET', '/balance/'], ['POST', '/keys/roll/'], ['GET', '/disputes/']] as const) {
      const res = await ask(method, path);
      expect([method, path, res.status, res.json['code'], res.allow]).toEqual([method, path, 404, 'not_found', null]);
    }
    expect((await ask('PUT', '/payment-links')).status).toBe(405);
  });
});

describe('every error code the merchant API documents', () => {
  const table = readFileSync(new URL('../../../../../docs/merchant-api.md', import.meta.url), 'utf8').split('## Errors')[1]?.split('\n## ')[0] ?? '';
  const codes = [...new Set([...table.matchAll(/^\| \d{3} \| (.+?) \|/gm)].flatMap((row) => [...(row[1] ?? '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1] ?? '')))];
  it('lists them', () => {
    expect(codes.length).toBeGreaterThan(30);
  });
  it.each(codes)('%s has a text in Spanish and in English, each without a word of the other', (code) => {
    const es = errorText(code, 'es', true);
    const en = errorText(code, 'en', true);
    expect([es === code, en === code, es === en]).toEqual([false, false, false]);
    expect([englishWordsIn(es), spanishWordsIn(en)]).toEqual([[], []]);
  });
});
