import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretKeyHashOf } from '../../store/merchantKeys';
import { tokenizedCardPayload, createTestApp, type TestApp } from '../../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newMerchant(name: string) {
  const res = await t.admin('POST', '/merchants', { name, webhookUrl: 'http://127.0.0.1:9/hooks' });
  expect(res.status).toBe(201);
  return { id: Number(res.json['idMerchant']), secretKey: String(res.json['secretKey']), webhookSecret: String(res.json['webhookSecret']) };
}

async function linkWithKey(secretKey: string, body: Record<string, unknown> = {}) {
  return t.app.request('/sandbox/links', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secretKey}` },
    body: JSON.stringify({ amount: 25, taxAmount: 1.75, description: 'Pedido', ...body }),
  });
}

const verify = (codOper: string, authorization?: string) =>
  t.app.request(`/api/v1/merchant/transactions/${codOper}`, { headers: authorization === undefined ? {} : { authorization } });

describe('merchant server integration: keys and the verify call', () => {
  it('gives a new merchant a secret key and a webhook secret, and keeps only the key\'s hash', async () => {
    const m = await newMerchant('Keys S.A.');
    expect(m.secretKey).toMatch(/^sk_test_[\w-]{43}$/);
    expect(m.webhookSecret).toMatch(/^whsec_[\w-]{43}$/);
    const [row] = await t.db.query<Record<string, unknown>>('select * from merchants where id = $1', [m.id]);
    expect(row?.['secret_key_hash']).toBe(secretKeyHashOf(m.secretKey));
    expect(JSON.stringify(row)).not.toContain(m.secretKey);
    expect((await t.admin('POST', '/merchants', { name: 'Bad', webhookUrl: 'ftp://x' })).json['message']).toMatch(/webhookUrl/);
  });

  it('creates a link for the key\'s merchant and answers the verify call for its own transactions only', async () => {
    const a = await newMerchant('Tienda A');
    const b = await newMerchant('Tienda B');
    const created = await linkWithKey(a.secretKey);
    expect(created.status).toBe(201);
    const code = String(((await created.json()) as Record<string, unknown>)['code']);
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(code));
    const codOper = String(paid.data['codOper']);
    const [tx] = await t.db.query<{ merchant_id: number }>('select merchant_id from transactions where cod_oper = $1', [codOper]);
    expect(tx?.merchant_id).toBe(a.id);

    const ok = await verify(codOper, `Bearer ${a.secretKey}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ codOper, method: 'card', result: 'APPROVED', amount: 25, taxAmount: 1.75, linkCode: code });
    const other = await verify(codOper, `Bearer ${b.secretKey}`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'transaction_not_found' });
    expect((await verify('PPFFFFFFFFFFFF', `Bearer ${a.secretKey}`)).status).toBe(404);
    expect((await verify(codOper)).status).toBe(401);
    expect((await verify(codOper, 'Bearer sk_test_nobody')).status).toBe(401);
    expect((await verify(codOper, `Basic ${a.secretKey}`)).status).toBe(401);
    expect((await linkWithKey('sk_test_nobody')).status).toBe(401);
    // Another merchant's id, with a key: as if that merchant did not exist.
    expect((await linkWithKey(a.secretKey, { merchantId: b.id })).status).toBe(404);
  });

  it('gives an existing merchant new keys: the old key stops working', async () => {
    const m = await newMerchant('Rotating');
    const rolled = await t.admin('POST', `/merchants/${m.id}/keys`, {});
    expect(rolled.status).toBe(201);
    expect(rolled.json).toMatchObject({ idMerchant: m.id, webhookUrl: 'http://127.0.0.1:9/hooks', secretKey: expect.stringMatching(/^sk_test_/) });
    expect((await linkWithKey(m.secretKey)).status).toBe(401);
    expect((await linkWithKey(String(rolled.json['secretKey']))).status).toBe(201);
    const demo = await t.admin('POST', '/merchants/1/keys', { webhookUrl: 'http://127.0.0.1:9/demo' });
    expect(demo.json).toMatchObject({ idMerchant: 1, webhookUrl: 'http://127.0.0.1:9/demo' });
    expect((await t.admin('POST', '/merchants/1/keys', { webhookUrl: null })).json).toMatchObject({ webhookUrl: null });
    expect((await t.admin('POST', '/merchants/999999/keys', {})).status).toBe(404);
    expect((await t.admin('POST', '/merchants/1/keys', { webhookUrl: 'javascript:x' })).status).toBe(400);
  });

  it('calls a declined card DECLINED', async () => {
    const a = await newMerchant('Tienda C');
    const code = String(((await (await linkWithKey(a.secretKey)).json()) as Record<string, unknown>)['code']);
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000000002' }));
    const res = await verify(String(paid.data['codOper']), `Bearer ${a.secretKey}`);
    expect(await res.json()).toMatchObject({ result: 'DECLINED', status: 0 });
  });
});
