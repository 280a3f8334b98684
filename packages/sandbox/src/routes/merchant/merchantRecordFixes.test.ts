import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultyGateways } from '../../../test/gateways/faultyGateways';
import type { Gateways } from '@pasarela/gateways';
import { reconcileRefunds } from '../../payments/reconcileRefunds';
import { tokenizedCardPayload, createTestApp, type TestApp } from '../../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../../test/merchantApiClient';

// What a shop's server saw wrong in the merchant record (issue 68): a pending refund's part, a
// failed refund's updatedAt, closed enums, an unknown event type, the webhook's times, key rolls.

let t: TestApp;
let api: MerchantApiClient;
let faults: ReturnType<typeof faultyGateways>;
beforeAll(async () => {
  t = await createTestApp({ wrapGateways: (inner: Gateways) => (faults = faultyGateways(inner)).gateways });
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(() => t.close());

async function paidCard(key: string, amount: number): Promise<string> {
  const link = await api.call('POST', '/payment-links', { key, body: { amount, description: 'Pedido' } });
  return String((await t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code']), { amount, taxAmount: 0 }))).data['codOper']);
}

async function newMerchant(name: string): Promise<string> {
  return String((await t.admin('POST', '/merchants', { name })).json['secretKey']);
}

describe('a refund still pending', () => {
  it('holds its part of refundableAmount: with 16 of 20 pending, 4 remain, as a refund of 5 is refused', async () => {
    const key = await newMerchant('Pendientes S.A.');
    const codOper = await paidCard(key, 20);
    faults.plan('card', 'timeout');
    expect((await api.call('POST', `/transactions/${codOper}/refunds`, { key, body: { amount: 16 } })).json).toMatchObject({ status: 'pending' });
    const one = await api.call('GET', `/transactions/${codOper}`, { key });
    expect(one.json).toMatchObject({ refundedAmount: 0, refundableAmount: 4 });
    const listed = await api.call('GET', '/transactions', { key });
    expect((listed.json['data'] as Array<Record<string, unknown>>)[0]).toMatchObject({ codOper, refundableAmount: 4 });
    const refused = await api.call('POST', `/transactions/${codOper}/refunds`, { key, body: { amount: 5 } });
    expect([refused.status, refused.json['code']]).toEqual([422, 'refund_exceeds_remaining']);
  });

  it('moves the payment\'s updatedAt when it fails, so updatedFrom finds it', async () => {
    const key = await newMerchant('Fallidos S.A.');
    const codOper = await paidCard(key, 20);
    faults.plan('card', 'timeout');
    const refundId = String((await api.call('POST', `/transactions/${codOper}/refunds`, { key, body: { amount: 16 } })).json['id']);
    const before = String((await api.call('GET', `/transactions/${codOper}`, { key })).json['updatedAt']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.db.query("update refunds set created_at = now() - interval '1 minute' where id = $1", [refundId]);
    expect(await reconcileRefunds({ db: t.db, gateways: t.gateways })).toContain(refundId);
    const since = new Date(new Date(before).getTime() + 1).toISOString();
    const changed = await api.call('GET', `/transactions?updatedFrom=${encodeURIComponent(since)}`, { key });
    expect((changed.json['data'] as Array<Record<string, unknown>>).map((row) => [row['codOper'], row['refundableAmount']])).toEqual([[codOper, 20]]);
  });
});

describe('the OpenAPI document', () => {
  it('describes answers open: unknown enum values and fields pass, known ones are listed; requests stay strict', async () => {
    const doc = (await (await t.app.request('/api/v1/merchant/openapi.json')).json()) as { components: { schemas: Record<string, unknown> }; webhooks: Record<string, { post: { parameters: Array<{ name: string; in: string; required: boolean }> } }> };
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ ...doc, $id: 'doc' });
    const transaction = ajv.getSchema('doc#/components/schemas/Transaction');
    const event = ajv.getSchema('doc#/components/schemas/WebhookEvent');
    const sample = JSON.parse(JSON.stringify(doc.components.schemas['Transaction'])) as { properties: { result: { anyOf: Array<{ enum?: string[] }> } } };
    expect(sample.properties.result.anyOf[0]?.enum).toEqual(['APPROVED', 'PENDING', 'DECLINED']);
    const later = { codOper: 'PP1', method: 'sepa', result: 'DISPUTED', amount: 1, taxAmount: 0, linkCode: null, orderReference: null, metadata: {}, subscriptionKey: null, refundedAmount: 0,
      currency: 'EUR', donationAmount: 0, totalPaid: 1, refundableAmount: 0, captureMethod: 'delayed', captured: true, capturableAmount: 0, captureBefore: null, fee: 0.04, net: 0.96, balanceTransactionIds: ['txn_1'], payer: { email: null, name: null, phone: null }, card: null, walletPhone: null, customFields: [],
      status: 1, authStatus: 'APPROVED', createdAt: '2026-11-26T00:00:00.000Z', updatedAt: '2026-11-26T00:00:00.000Z', riskScore: 3 };
    expect(transaction?.(later), JSON.stringify(transaction?.errors)).toBe(true);
    expect(event?.({ id: 'evt_1', type: 'transaction.disputed', apiVersion: '2026-11-26', createdAt: later.createdAt, data: later })).toBe(true);
    expect(JSON.stringify(doc.components.schemas['Transaction'])).not.toContain('"additionalProperties":false');
    expect(JSON.stringify(doc.components.schemas['CreatePaymentLink'])).toContain('"additionalProperties":false');
    expect(doc.webhooks['transactionEvent']?.post.parameters).toContainEqual(expect.objectContaining({ name: 'Pasarela-Signature', in: 'header', required: true }));
  });
});

it('GET /events?type=bogus.type answers 400 naming type', async () => {
  const key = await newMerchant('Eventos S.A.');
  const res = await api.call('GET', '/events?type=bogus.type', { key, headers: { 'accept-language': 'en' } });
  expect([res.status, res.json['code']]).toEqual([400, 'invalid_arguments']);
  expect(res.json['message']).toContain('type');
});

it('an event\'s data carries the transaction\'s createdAt and updatedAt', async () => {
  const key = await newMerchant('Fechas S.A.');
  const codOper = await paidCard(key, 7);
  const tx = (await api.call('GET', `/transactions/${codOper}`, { key })).json;
  const events = (await api.call('GET', '/events?type=transaction.approved', { key })).json['data'] as Array<{ data: Record<string, unknown> }>;
  expect(events[0]?.data).toMatchObject({ codOper, createdAt: tx['createdAt'], updatedAt: tx['updatedAt'] });
});

it('only the current secret key rolls keys: the one being retired gets 403 secret_key_retiring and changes nothing', async () => {
  const oldKey = await newMerchant('Claves S.A.');
  const rolled = await api.call('POST', '/keys/roll', { key: oldKey, body: { expiresInSeconds: 3600 } });
  expect(rolled.status).toBe(200);
  const newKey = String(rolled.json['secretKey']);
  const again = await api.call('POST', '/keys/roll', { key: oldKey, body: { expiresInSeconds: 3600 } });
  expect([again.status, again.json['code']]).toEqual([403, 'secret_key_retiring']);
  // Both keys still work as before: the merchant's new key was not pushed into the expiring slot.
  expect((await api.call('GET', '/transactions', { key: oldKey })).status).toBe(200);
  expect((await api.call('GET', '/transactions', { key: newKey })).status).toBe(200);
  expect((await api.call('POST', '/keys/roll', { key: newKey, body: { expiresInSeconds: 0 } })).status).toBe(200);
});
