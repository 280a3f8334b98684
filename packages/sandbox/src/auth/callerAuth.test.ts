import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_USER_SERVICE_ID, decodeBody, SANDBOX_CLIENT_KEY, SANDBOX_WIDGET_KEY } from '@pasarela/core';
import { DEMO_WALLET_USER } from '../db/seed';
import { asCaller, tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../test/testApp';

// SPEC 6 "Guest payer: anonymous. Uses an anonymous API key and a per-environment anonymous user
// service id. Allowed when the merchant's guest flag allows it (hasPaymentGuest)." and "Registered
// wallet user: a stored token is sent with the API key"; SPEC 7 "the widget key plus the user's token".

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = String((await t.post('/users/login', { login: DEMO_WALLET_USER.login, password: DEMO_WALLET_USER.password })).data['token']);
});
afterAll(() => t.close());

const rowOf = async (codOper: unknown) =>
  (await t.db.query<{ user_id: number | null; anonymous_user_service_id: number | null }>(
    'select user_id, anonymous_user_service_id from transactions where cod_oper = $1', [String(codOper)]))[0];

async function noGuestMerchantLink(): Promise<string> {
  const merchant = await t.admin('POST', '/merchants', { name: 'Solo Socios', hasPaymentGuest: false, methods: ['card', 'nequi', 'pfw'] });
  return newLink(t, { merchantId: Number(merchant.json['idMerchant']) });
}

describe('which key goes with which caller', () => {
  it.each([
    ['no key', {}, 403, 'invalid_api_key'],
    ['an unknown key', { 'x-api-key': 'pk_live_nope' }, 403, 'invalid_api_key'],
    ['the client key with a token', { 'x-api-key': SANDBOX_CLIENT_KEY, authorization: 'Bearer abc' }, 401, 'invalid_api_key'],
    ['the widget key without a token', { 'x-api-key': SANDBOX_WIDGET_KEY }, 401, 'session_expired'],
  ])('refuses %s', async (_name, headers, status, code) => {
    const res = await t.app.request('/api/v1/payment-info?code=LKDEMO0001', { headers });
    expect(res.status).toBe(status);
    const data = decodeBody(((await res.json()) as { data: string }).data);
    expect(data).toMatchObject({ code, message: expect.stringMatching(/\S/) });
  });
  it('tells a caller sending the client key with a token to use the widget key', async () => {
    const res = await t.get('/users/me', { authorization: `Bearer ${token}`, 'x-api-key': SANDBOX_CLIENT_KEY });
    expect(res.status).toBe(401);
    expect(res.data['message']).toContain(SANDBOX_WIDGET_KEY);
  });
  it('serves a guest with the client key and a wallet user with the widget key and token, as core authHeaders pairs them', async () => {
    expect(asCaller()).toEqual({ 'x-api-key': SANDBOX_CLIENT_KEY });
    expect((await t.get('/payment-info?code=LKDEMO0001', asCaller())).status).toBe(200);
    expect((await t.get('/users/me', asCaller(token))).data).toMatchObject({ login: DEMO_WALLET_USER.login });
    expect((await t.get('/users/me', asCaller())).status).toBe(401);
  });
});

describe('guest payments', () => {
  it("records the demo environment's anonymous user service id on a guest's card and Nequi payments", async () => {
    const code = await newLink(t);
    const card = await t.post('/cards/auth-capture', await tokenizedCardPayload(code));
    expect(await rowOf(card.data['codOper'])).toEqual({ user_id: null, anonymous_user_service_id: ANONYMOUS_USER_SERVICE_ID.demo });
    const nequi = await t.post('/nequi/push', { code, phone: '61111111' });
    expect(await rowOf(nequi.data['codOper'])).toEqual({ user_id: null, anonymous_user_service_id: ANONYMOUS_USER_SERVICE_ID.demo });
  });
  it('records the wallet user, and no anonymous id, when a logged-in user pays by card', async () => {
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(t)), asCaller(token));
    const row = await rowOf(paid.data['codOper']);
    expect(row?.user_id).toEqual(expect.any(Number));
    expect(row?.anonymous_user_service_id).toBeNull();
  });
  it('refuses guests with 403 please_contact_merchant when the merchant takes no guest payments, and lets a wallet user pay', async () => {
    const code = await noGuestMerchantLink();
    for (const [path, body] of [['/cards/auth-capture', await tokenizedCardPayload(code)], ['/nequi/push', { code, phone: '61111111' }]] as const) {
      const refused = await t.post(path, body);
      expect(refused.status).toBe(403);
      expect(refused.data).toMatchObject({ code: 'please_contact_merchant', message: expect.stringContaining('Solo Socios') });
    }
    expect((await t.db.query('select 1 from transactions where link_code = $1', [code])).length).toBe(0);
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(code), asCaller(token));
    expect(paid.status).toBe(200);
    expect(paid.data['status']).toBe(1);
  });
});
