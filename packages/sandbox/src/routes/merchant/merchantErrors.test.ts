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
    }
    expect(await t.db.query('select count(*)::int as n from payment_links')).toEqual(before);
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
