import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, cardPayloadOf, createMerchant, createTestApp, testCardNumber, type TestApp } from '../../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../../test/merchantApiClient';

// SPEC 3 "Custom field": a merchant sets a link's custom fields (docs/merchant-api.md "Payment links",
// docs/sandbox.md POST /sandbox/links), the checkout asks them, and the payer's answers come back with
// the payment: GET /transactions and /transactions/:codOper, and every event of the payment
// (docs/webhooks.md). Each answer is checked against the OpenAPI document (merchantApiClient).

let t: TestApp;
let api: MerchantApiClient;
beforeAll(async () => {
  t = await createTestApp();
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(() => t.close());

const FIELDS = [
  { id: 'cedula', type: 'string', nameOrLabel: 'Cédula', required: true },
  { id: 'sucursal', type: 'options', nameOrLabel: 'Sucursal', options: ['Centro', 'Costa'] },
  { id: 'pedido', type: 'hidden', value: '0012' },
];
// As the checkout sends them (docs/pages.md "Custom fields on the payment form").
const SENT = [
  { id: 'CFcedula', nameOrLabel: 'Cédula', type: 'string', value: '8-123-456' },
  { id: 'CFsucursal', nameOrLabel: 'Sucursal', type: 'options', value: 'Costa' },
  { id: 'CFpedido', nameOrLabel: '', type: 'hidden', value: '0012' },
];
const ANSWERS = [
  { id: 'CFcedula', label: 'Cédula', value: '8-123-456' },
  { id: 'CFsucursal', label: 'Sucursal', value: 'Costa' },
  { id: 'CFpedido', label: 'CFpedido', value: '0012' },
];

const newMerchant = () => createMerchant(t, { name: `Tienda campos ${randomUUID().slice(0, 6)}`, webhookUrl: 'http://127.0.0.1:9/hooks' });
const newLink = async (key: string, body: Record<string, unknown> = {}) => {
  const made = await api.call('POST', '/payment-links', { key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido', customFields: FIELDS, ...body } });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  return String(made.json['code']);
};

describe('a link\u2019s custom fields, set by its merchant', () => {
  it('POST /payment-links takes customFields: answered back, and the checkout\u2019s payment info asks them', async () => {
    const m = await newMerchant();
    const code = await newLink(m.key);
    const read = await api.call('GET', `/payment-links/${code}`, { key: m.key });
    expect(read.json['customFields']).toEqual([
      { id: 'CFcedula', type: 'string', description: '', nameOrLabel: 'Cédula', value: null, required: true, options: [] },
      { id: 'CFsucursal', type: 'options', description: '', nameOrLabel: 'Sucursal', value: null, required: false, options: [{ label: 'Centro', value: 'Centro' }, { label: 'Costa', value: 'Costa' }] },
      { id: 'CFpedido', type: 'hidden', description: '', nameOrLabel: '', value: '0012', required: false, options: [] },
    ]);
    const info = await t.get(`/payment-info?code=${code}`);
    expect(info.status).toBe(200);
    expect(info.data['customFieldValues']).toEqual(read.json['customFields']);
    // A link made without them asks none.
    const plain = await api.call('POST', '/payment-links', { key: m.key, body: { amount: 5, description: 'Sin campos' } });
    expect(plain.json['customFields']).toEqual([]);
  });

  it.each<[string, unknown, string, string]>([
    ['not a list', { id: 'a', type: 'string' }, 'customFields must be an array', 'customFields debe ser una lista'],
    ['an unknown type', [{ id: 'a', type: 'date', nameOrLabel: 'Día' }], 'customFields.type must be one of: string, number', 'customFields.type'],
    ['a shown field without label', [{ id: 'a', type: 'string' }], 'customFields.nameOrLabel is required', 'customFields.nameOrLabel'],
    ['options without choices', [{ id: 'a', type: 'options', nameOrLabel: 'Talla' }], 'customFields.options is required', 'customFields.options'],
    ['the same id twice', [{ id: 'a', type: 'string', nameOrLabel: 'A' }, { id: 'CFa', type: 'string', nameOrLabel: 'B' }], 'customFields.id is already in use', 'customFields.id'],
    ['an unknown key', [{ id: 'a', type: 'string', nameOrLabel: 'A', label: 'B' }], 'customFields.0.label is not a field this call takes', 'customFields.0.label'],
  ])('POST /payment-links refuses %s with 400 naming the field, in either language, and makes no link', async (_case, customFields, english, spanish) => {
    const m = await newMerchant();
    const body = { amount: 5, description: 'Mal', customFields };
    const res = await api.call('POST', '/payment-links?lang=en', { key: m.key, body });
    expect([res.status, res.json['code']]).toEqual([400, 'invalid_arguments']);
    expect(String(res.json['message'])).toContain(english);
    const es = await api.call('POST', '/payment-links?lang=es', { key: m.key, body });
    expect(String(es.json['message'])).toContain(spanish);
    expect((await api.call('GET', '/payment-links', { key: m.key })).json['data']).toEqual([]);
  });

  it('POST /sandbox/links takes customFields too, with the same rules', async () => {
    const made = await t.admin('POST', '/links', { amount: 5, description: 'Con campos', customFields: FIELDS });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const info = await t.get(`/payment-info?code=${String(made.json['code'])}`);
    expect((info.data['customFieldValues'] as Array<{ id: string }>).map((f) => f.id)).toEqual(['CFcedula', 'CFsucursal', 'CFpedido']);
    const refused = await t.admin('POST', '/links', { amount: 5, description: 'Mal', customFields: [{ id: 'x', type: 'hidden' }] }, { 'accept-language': 'en' });
    expect([refused.status, refused.json['code']]).toEqual([400, 'invalid_arguments']);
    expect(String(refused.json['message'])).toContain('customFields.value is required');
  });
});

describe('the payer\u2019s answers, read by the merchant', () => {
  it('a card payment keeps them: GET /transactions/:codOper, GET /transactions and its event carry them', async () => {
    const m = await newMerchant();
    const code = await newLink(m.key);
    const paid = await t.post('/cards/auth-capture', { ...(await tokenizedCardPayload(code)), customFieldValues: SENT });
    expect(paid.status, JSON.stringify(paid.data)).toBe(200);
    const codOper = String(paid.data['codOper']);
    const one = await api.call('GET', `/transactions/${codOper}`, { key: m.key });
    expect(one.json['customFields']).toEqual(ANSWERS);
    const list = await api.call('GET', '/transactions', { key: m.key });
    expect((list.json['data'] as Array<Record<string, unknown>>).find((tx) => tx['codOper'] === codOper)?.['customFields']).toEqual(ANSWERS);
    const events = (await api.call('GET', '/events', { key: m.key })).json['data'] as Array<{ type: string; data: Record<string, unknown> }>;
    const approved = events.find((e) => e.type === 'transaction.approved' && e.data['codOper'] === codOper);
    expect(approved?.data['customFields']).toEqual(ANSWERS);
    // An event written elsewhere (a refund's) carries them as well.
    const refund = await api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 5 } });
    expect(refund.status, JSON.stringify(refund.json)).toBe(201);
    const after = (await api.call('GET', '/events?type=transaction.refunded', { key: m.key })).json['data'] as Array<{ data: Record<string, unknown> }>;
    expect(after[0]?.data['customFields']).toEqual(ANSWERS);
  });

  it('another method that carries them keeps them too (a Nequi push)', async () => {
    const m = await newMerchant();
    const code = await newLink(m.key);
    const push = await t.post('/nequi/push', { code, phone: '63333333', trackId: randomUUID(), customFieldValues: SENT });
    expect(push.status, JSON.stringify(push.data)).toBe(200);
    const listed = (await api.call('GET', '/transactions?method=nequi', { key: m.key })).json['data'] as Array<Record<string, unknown>>;
    expect(listed.map((tx) => [tx['codOper'], tx['customFields']])).toEqual([[push.data['codOper'], ANSWERS]]);
  });

  it('a crypto payment keeps them, read back as a card payment\u2019s are', async () => {
    const m = await newMerchant();
    const code = await newLink(m.key);
    const created = await t.post('/crypto/payments', { codeProcess: code, currency: 'BTC', network: 'BTC', email: 'ana@example.com', trackId: randomUUID(), customFieldValues: SENT });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    const one = await api.call('GET', `/transactions/${String(created.data['codOper'])}`, { key: m.key });
    expect(one.json['customFields']).toEqual(ANSWERS);
  });

  it('a subscription\u2019s first payment keeps them, and its events carry them', async () => {
    const m = await newMerchant();
    const plan = await t.admin('POST', '/plans', { name: 'Club', period: 'MO', amount: 9, chargeNow: true }, { authorization: `Bearer ${m.key}` });
    expect(plan.status, JSON.stringify(plan.json)).toBe(201);
    const sub = await t.post('/subscriptions', { idPlan: plan.json['idPlan'], email: 'socia@example.com' });
    const key = String(sub.data['subscriptionKey']);
    const { cardInformation } = await tokenizedCardPayload('x', { cardNumber: testCardNumber(randomUUID()) });
    const requestPay = { ...cardPayloadOf(key, { token: '', brand: 'VISA', expMonth: 12, expYear: 2034 }, { amount: 9, taxAmount: 0, trackId: randomUUID() }), cardInformation, serviceCode: 'REC', transactionsType: 'REC', txChannel: 'EPR', customFieldValues: SENT };
    const paid = await t.post('/process-tx', { requestPay, activateSubscription: { idSubscription: sub.data['idSubscription'], subscriptionKey: key }, serviceCode: 'REC', idMerchant: m.id });
    expect(paid.data, JSON.stringify(paid.data)).toMatchObject({ status: 1 });
    const codOper = String(paid.data['codOper']);
    expect((await api.call('GET', `/transactions/${codOper}`, { key: m.key })).json['customFields']).toEqual(ANSWERS);
    const events = (await api.call('GET', '/events', { key: m.key })).json['data'] as Array<{ type: string; data: Record<string, unknown> }>;
    expect(events.find((e) => e.type === 'transaction.approved' && e.data['codOper'] === codOper)?.data['customFields']).toEqual(ANSWERS);
  });

  it('a payment without custom fields answers [] for them', async () => {
    const m = await newMerchant();
    const code = await newLink(m.key, { customFields: [] });
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(code));
    const one = await api.call('GET', `/transactions/${String(paid.data['codOper'])}`, { key: m.key });
    expect(one.json['customFields']).toEqual([]);
  });
});
