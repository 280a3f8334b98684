import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_VERSION, RawPaymentInfoSchema, encodeBody, parsePaymentInfo } from '@pasarela/core';
import * as v from 'valibot';
import { DEMO_LINK_CODE, DEMO_LINK_SLUG, DEMO_OPERATOR_DEBTS } from '../../db/seed';
import { statementLog } from '../../../test/statementLog';
import { createTestApp, newLink, type TestApp } from '../../../test/testApp';

let t: TestApp;
let log: ReturnType<typeof statementLog>;
beforeAll(async () => {
  t = await createTestApp();
  log = statementLog(t);
});
afterAll(() => t.close());

describe('translations', () => {
  it('answers the catalogue version without a key', async () => {
    const res = await t.app.request('/api/v1/translations/version');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { header: { code: number } };
    expect(body.header.code).toBe(200);
    expect((await t.get('/translations/version')).data).toEqual({ version: CATALOG_VERSION });
  });
  it('serves core catalogues in es and en', async () => {
    const es = await t.get('/translations?lang=es&group=widget');
    const en = await t.get('/translations?lang=en&group=widget');
    expect(es.data['lang']).toBe('es');
    expect((es.data['entries'] as Record<string, string>)['invalid_card']).toBe('Tarjeta inválida');
    expect(en.data['lang']).toBe('en');
    expect(en.data['entries']).not.toEqual(es.data['entries']);
  });
  it('rejects an unknown language or group with 400', async () => {
    expect((await t.get('/translations?lang=fr')).status).toBe(400);
    expect((await t.get('/translations?lang=es&group=admin')).status).toBe(400);
  });
});

describe('payment info', () => {
  it('loads the seeded link by code, slug and slug/code, readable by core', async () => {
    for (const [code, type] of [[DEMO_LINK_CODE, 'lk'], [DEMO_LINK_SLUG, 'slug'], [`${DEMO_LINK_SLUG}/${DEMO_LINK_CODE}`, 'slugCode']]) {
      const res = await t.get(`/payment-info?code=${encodeURIComponent(code ?? '')}&type=${type}`);
      expect(res.status).toBe(200);
      expect(v.safeParse(RawPaymentInfoSchema, res.data).success).toBe(true);
      const info = parsePaymentInfo(res.data);
      // No e-mail filled in for the payer: a link's e-mail is its payer's, and the demo's are whoever opens it.
      expect(info).toMatchObject({ code: DEMO_LINK_CODE, amount: 25, taxAmount: 1.75, email: '' });
    }
  });
  it('takes a link code in lower case, as the link\'s address writes it, for the same link', async () => {
    const res = await t.get(`/payment-info?code=${DEMO_LINK_CODE.toLowerCase()}&type=lk`);
    expect(res.status).toBe(200);
    expect(parsePaymentInfo(res.data)).toMatchObject({ code: DEMO_LINK_CODE });
    const shop = await t.get(`/payment-info/shop?code=${DEMO_LINK_CODE.toLowerCase()}&type=lk`);
    expect(shop.status).toBe(200);
  });
  it('takes a slug written in capitals, as an address typed on a phone holds it (`/TIENDA-DEMO`), for the same link', async () => {
    const slug = DEMO_LINK_SLUG.toUpperCase();
    for (const [code, type] of [[slug, 'slug'], [`${slug}/${DEMO_LINK_CODE.toLowerCase()}`, 'slugCode']] as const) {
      expect(parsePaymentInfo((await t.get(`/payment-info?code=${encodeURIComponent(code)}&type=${type}`)).data)).toMatchObject({ code: DEMO_LINK_CODE });
    }
    expect((await t.get(`/payment-info/shop?code=${slug}&type=slug`)).status).toBe(200);
    expect((await t.get(`/payment-links/${slug}`)).status).toBe(200);
  });
  it('answers 404 error_to_load for an unknown code', async () => {
    const res = await t.get('/payment-info?code=NOPE&type=lk');
    expect(res).toMatchObject({ status: 404, header: { code: 404 }, data: { code: 'error_to_load' } });
    expect(String(res.data['message'])).not.toBe('');
  });
  it('answers 410 with code 3000 for an expired link (SPEC 8 "3000 expired link")', async () => {
    const code = await newLink(t, { expiresInSeconds: -60 });
    const res = await t.get(`/payment-info?code=${code}`);
    expect(res).toMatchObject({ status: 410, data: { code: 3000 } });
  });
  it('carries EXPIRES_AT and the card-type list in othersValues', async () => {
    const code = await newLink(t, { expiresInSeconds: 3600, cardTypes: ['VISA', 'MC'] });
    const info = parsePaymentInfo((await t.get(`/payment-info?code=${code}`)).data);
    expect(info.cardTypes).toEqual(['VISA', 'MC']);
    expect(info.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
  it('requires the code and a known type', async () => {
    expect((await t.get('/payment-info')).data['code']).toBe('missing_arguments');
    expect((await t.get('/payment-info?code=X&type=zz')).status).toBe(400);
  });
});

// The main page "/" without a code: what the payer typed, a link's code or its slug, in one call.
describe('payment info address', () => {
  const address = (typed: string) => t.get(`/payment-info/address?code=${encodeURIComponent(typed)}`);
  it('names the link a code opens, typed in any case, by its code as the link writes it', async () => {
    for (const typed of [DEMO_LINK_CODE, ` ${DEMO_LINK_CODE.toLowerCase()} `]) {
      expect(await address(typed)).toMatchObject({ status: 200, data: { type: 'lk', code: DEMO_LINK_CODE } });
    }
  });
  it('names the link a slug opens, typed in capitals as a phone\'s keyboard types it, by its slug in lower case', async () => {
    for (const typed of [DEMO_LINK_SLUG, DEMO_LINK_SLUG.toUpperCase(), 'Tienda-Demo']) {
      expect(await address(typed)).toMatchObject({ status: 200, data: { type: 'slug', code: DEMO_LINK_SLUG } });
    }
    const [line = ''] = Object.keys(DEMO_OPERATOR_DEBTS);
    expect(await address(line)).toMatchObject({ status: 200, data: { type: 'slug', code: line } });
  });
  it('names a link in any state: an expired one opens its own message', async () => {
    const code = await newLink(t, { expiresInSeconds: -60, slug: 'vencida-por-direccion' });
    expect((await address(code)).data).toEqual({ type: 'lk', code });
    expect((await address('VENCIDA-POR-DIRECCION')).data).toEqual({ type: 'slug', code: 'vencida-por-direccion' });
  });
  it('asks the database once, whichever it names or none', async () => {
    for (const [typed, status] of [[DEMO_LINK_CODE.toLowerCase(), 200], ['TIENDA-DEMO', 200], ['LKNOEXISTE99', 404]] as const) {
      const sent = await log.during(() => address(typed));
      expect(sent.result.status).toBe(status);
      expect(sent.statements).toHaveLength(1);
    }
  });
  it('answers 404 link_not_found for what names no link, a route of the checkout\'s own, or what no address holds', async () => {
    for (const typed of ['LKNOEXISTE99', 'PF', 'tienda demo', 'tienda/demo']) {
      expect(await address(typed)).toMatchObject({ status: 404, data: { code: 'link_not_found' } });
    }
  });
  it('requires what was typed, of at most 200 characters', async () => {
    for (const query of ['', '?code=', '?code=%20%20', `?code=${'a'.repeat(201)}`]) {
      expect(await t.get(`/payment-info/address${query}`)).toMatchObject({ status: 400, data: { code: 'missing_arguments' } });
    }
  });
});

describe('merchant and payment methods', () => {
  it('answers the demo merchant with its limit and guest flag', async () => {
    const res = await t.get('/merchants/1?amount=25&serviceCode=LK');
    expect(res.data).toMatchObject({ idMerchant: 1, merchantName: 'Tienda Demo Panamá', hasPaymentGuest: true, txLimit: 5000, logo: '/images/merchants/tostadores-del-casco.png' });
    expect(JSON.parse(String(res.data['customFields']))).toEqual([]);
  });
  it('answers 404 Merchant Not Found for unknown or malformed ids', async () => {
    for (const id of ['999', 'abc', '-1', '99999999999999']) {
      expect((await t.get(`/merchants/${id}`)).data['code']).toBe('Merchant Not Found');
    }
  });
  it('lists card methods with their brands', async () => {
    const res = await t.get('/merchants/1/payment-methods');
    const methods = res.data['paymentMethods'] as Array<Record<string, unknown>>;
    expect(methods.some((m) => m['method'] === 'card' && m['linkType'] === 'LK')).toBe(true);
    expect(methods.find((m) => m['method'] === 'card')?.['validations']).toEqual([{ cardCode: 'VISA' }, { cardCode: 'MC' }, { cardCode: 'AMEX' }]);
  });
});

describe('protocol', () => {
  it('refuses calls without the client key (403), except the catalogue', async () => {
    const res = await t.app.request('/api/v1/merchants/1');
    expect(res.status).toBe(403);
  });
  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.get('/no/such/call');
    expect(res).toMatchObject({ status: 404, header: { code: 404 }, data: { code: 'not_found' } });
  });
  it('answers malformed hex, base64 and JSON with 400, wrong content type with 415, huge bodies with 413', async () => {
    const send = (body: string, type = 'text/plain') =>
      t.app.request('/api/v1/cards/auth-capture', { method: 'POST', body, headers: { 'content-type': type, 'x-api-key': 'pk_sandbox_pasarela_guest' } });
    expect((await send('zz')).status).toBe(400);
    expect((await send('3d3d3d')).status).toBe(400);
    expect((await send(encodeBody('x').slice(0, -2) + '2a')).status).toBe(400);
    expect((await send('{', 'application/json')).status).toBe(400);
    expect((await send('[]', 'application/json')).status).toBe(400);
    expect((await send('a=b', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await send('00'.repeat(70_000))).status).toBe(413);
  });
  it('speaks plain JSON when wire encoding is off', async () => {
    const plain = await createTestApp({ wireEncoding: false });
    try {
      const res = await plain.get('/translations/version');
      expect(res.data).toEqual({ version: CATALOG_VERSION });
    } finally {
      await plain.close();
    }
  });
  it('answers errors in the request language', async () => {
    const es = await t.get('/payment-info?code=NOPE', { 'accept-language': 'es' });
    const en = await t.get('/payment-info?code=NOPE', { 'accept-language': 'en-US,en;q=0.9' });
    expect(es.data['message']).not.toEqual(en.data['message']);
  });
});
