import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createMerchant, createTestApp, type TestApp } from '../../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../../test/merchantApiClient';
import { deleteExpiredIdempotencyKeys } from '../../store/idempotencyKeys';

// The merchant API's payment links, transactions and Idempotency-Key (docs/merchant-api.md), each
// answer checked against the OpenAPI document the server serves (merchantApiClient).

let t: TestApp;
let api: MerchantApiClient;
beforeAll(async () => {
  t = await createTestApp();
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(() => t.close());

const newMerchant = (name = 'Tienda API') => createMerchant(t, { name, webhookUrl: 'http://127.0.0.1:9/hooks' });

const link = (key: string, body: Record<string, unknown> = {}, idempotencyKey?: string) =>
  api.call('POST', '/payment-links', { key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido', ...body }, ...(idempotencyKey ? { idempotencyKey } : {}) });

const in1h = () => new Date(Date.now() + 3_600_000).toISOString();

describe('payment links', () => {
  it('creates a link with the shop\'s order reference, metadata, expiry, brands, methods and return URL, and retrieves it', async () => {
    const m = await newMerchant();
    const expiresAt = in1h();
    const created = await link(m.key, {
      orderReference: 'order-1042', metadata: { customer: 'c_77', channel: 'web' }, expiresAt, singleUse: true,
      brands: ['VISA', 'MC'], methods: ['CARD', 'NEQUI'], returnUrl: 'https://shop.example/orders/1042',
    });
    expect(created.status).toBe(201);
    const code = String(created.json['code']);
    expect(created.json).toMatchObject({
      code: expect.stringMatching(/^LK/), url: `http://checkout.test/${code.toLowerCase()}`, state: 'open', amount: 25, taxAmount: 1.75,
      orderReference: 'order-1042', metadata: { customer: 'c_77', channel: 'web' }, singleUse: true, brands: ['VISA', 'MC'], methods: ['CARD', 'NEQUI'],
      returnUrl: 'https://shop.example/orders/1042', expiresAt: new Date(expiresAt).toISOString(), paidBy: null, payments: 0,
    });
    expect((await api.call('GET', `/payment-links/${code}`, { key: m.key })).json).toEqual(created.json);
    // The checkout takes the code: its payment info names the link's methods.
    expect((await t.get(`/payment-info?code=${code}`)).status).toBe(200);
  });

  // A link's methods are read back as written: [] is a link that takes every method, so a link limited
  // to brands (cards alone) or to cards of a brand and Nequi never reads as one.
  it.each<[Record<string, unknown>, string[], string[]]>([
    [{ brands: ['VISA'] }, ['VISA'], ['CARD']],
    [{ brands: ['VISA'], methods: ['CARD'] }, ['VISA'], ['CARD']],
    [{ brands: ['VISA'], methods: ['NEQUI', 'CARD'] }, ['VISA'], ['CARD', 'NEQUI']],
    [{ methods: ['NEQUI'] }, [], ['NEQUI']],
    [{}, [], []],
  ])('%j reads back as brands %j, methods %j', async (limits, brands, methods) => {
    const m = await newMerchant();
    const created = await link(m.key, limits);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ brands, methods });
    expect((await api.call('GET', `/payment-links/${String(created.json['code'])}`, { key: m.key })).json).toMatchObject({ brands, methods });
  });

  it('refuses brands or methods the merchant cannot take with 400 naming the field, and makes no link', async () => {
    const made = await t.admin('POST', '/merchants', { name: 'Solo Visa API', methods: ['card', 'nequi'], cardTypes: ['VISA'] });
    const key = String(made.json['secretKey']);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ brands: ['AMEX'] }, 'brands'],
      [{ brands: ['VISA', 'MC'] }, 'brands'],
      [{ methods: ['YAPPY'] }, 'methods'],
      [{ methods: ['CARD', 'CRYPTO'] }, 'methods'],
    ];
    for (const [body, field] of cases) {
      const res = await link(key, body);
      expect([res.status, res.json['code']], JSON.stringify(body)).toEqual([400, 'invalid_arguments']);
      expect(String(res.json['message'])).toContain(`(${field}: este comercio no acepta`);
    }
    expect((await api.call('GET', '/payment-links', { key })).json['data']).toEqual([]);
    expect((await link(key, { brands: ['VISA'], methods: ['CARD', 'NEQUI'] })).status).toBe(201);
  });

  it('takes the description per language: answered back, and each payer reads theirs, else the default', async () => {
    const m = await newMerchant();
    const created = await link(m.key, { description: 'Pedido 1042', descriptions: { es: 'Pedido 1042: café', en: ' Order 1042: coffee ' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ description: 'Pedido 1042', descriptions: { es: 'Pedido 1042: café', en: 'Order 1042: coffee' } });
    const code = String(created.json['code']);
    expect((await api.call('GET', `/payment-links/${code}`, { key: m.key })).json).toEqual(created.json);
    const describedIn = async (linkCode: string, lang: string) => (await t.get(`/payment-info?code=${linkCode}&type=lk&lang=${lang}`)).data['description'];
    expect(await describedIn(code, 'en')).toBe('Order 1042: coffee');
    expect(await describedIn(code, 'es')).toBe('Pedido 1042: café');
    // Only English given: a Spanish checkout reads the default description, never the English words.
    const onlyEnglish = await link(m.key, { description: 'Pedido 1043', descriptions: { en: 'Order 1043' } });
    expect(onlyEnglish.json['descriptions']).toEqual({ en: 'Order 1043' });
    expect(await describedIn(String(onlyEnglish.json['code']), 'es')).toBe('Pedido 1043');
    expect(await describedIn(String(onlyEnglish.json['code']), 'en')).toBe('Order 1043');
    // None given: an empty object, and the one description everywhere.
    const plain = await link(m.key, {});
    expect(plain.json['descriptions']).toEqual({});
    expect(await describedIn(String(plain.json['code']), 'en')).toBe('Pedido');
  });

  it('keeps an order reference unique per merchant, and another merchant\'s link is absent', async () => {
    const a = await newMerchant('A');
    const b = await newMerchant('B');
    const first = await link(a.key, { orderReference: 'dup-1' });
    const again = await link(a.key, { orderReference: 'dup-1' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'order_reference_taken', message: expect.stringContaining(String(first.json['code'])) });
    expect((await link(b.key, { orderReference: 'dup-1' })).status).toBe(201);
    expect((await api.call('GET', `/payment-links/${String(first.json['code'])}`, { key: b.key })).json).toMatchObject({ code: 'payment_link_not_found' });
    expect((await api.call('GET', '/payment-links/LKNOPE', { key: a.key })).status).toBe(404);
    expect((await api.call('GET', '/payment-links/bad%20code', { key: a.key })).status).toBe(404);
  });

  it('refuses bad input with the catalogue\'s { code, message } naming the field', async () => {
    const m = await newMerchant();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: undefined }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 1.234 }, 'amount'],
      [{ description: '' }, 'description'],
      [{ orderReference: 'has space' }, 'orderReference'],
      [{ orderReference: 'x'.repeat(101) }, 'orderReference'],
      [{ metadata: { k: 1 } }, 'metadata'],
      [{ metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }, 'metadata'],
      [{ metadata: { ['k'.repeat(41)]: 'v' } }, 'metadata'],
      [{ metadata: { k: 'v'.repeat(501) } }, 'metadata'],
      [{ metadata: { 'bad key': 'v' } }, 'metadata'],
      [{ expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString() }, 'expiresAt'],
      [{ brands: ['DINERS'] }, 'brands'],
      [{ methods: ['CHEQUE'] }, 'methods'],
      [{ methods: ['NEQUI'], brands: ['VISA'] }, 'brands'],
      [{ returnUrl: 'javascript:alert(1)' }, 'returnUrl'],
      [{ singleUse: 'yes' }, 'singleUse'],
      [{ colour: 'red' }, 'colour'],
      [{ amount: 1e9 }, 'amount'],
      // More than two decimals, whatever the size: not stored as $0 (core isMoney).
      [{ taxAmount: 1e-9 }, 'taxAmount'],
      [{ taxAmount: 0.001 }, 'taxAmount'],
      [{ amount: 25.000000001 }, 'amount'],
      [{ amount: 1e-9 }, 'amount'],
      // metadata is an object of strings: not an array, null or text
      [{ metadata: [] }, 'metadata'],
      [{ metadata: ['v'] }, 'metadata'],
      [{ metadata: null }, 'metadata'],
      [{ metadata: 'customer=c_77' }, 'metadata'],
      // descriptions: only es and en, each a one-line description of 1 to 200 characters
      [{ descriptions: { fr: 'Commande' } }, 'descriptions'],
      [{ descriptions: { en: '' } }, 'descriptions.en'],
      [{ descriptions: { en: '   ' } }, 'descriptions.en'],
      [{ descriptions: { es: 'x'.repeat(201) } }, 'descriptions.es'],
      [{ descriptions: { en: 'Order\u202E1042' } }, 'descriptions.en'],
      [{ descriptions: { en: 7 } }, 'descriptions.en'],
      [{ descriptions: 'Order 1042' }, 'descriptions'],
      [{ descriptions: null }, 'descriptions'],
    ];
    for (const [body, field] of cases) {
      const res = await link(m.key, body);
      expect([res.status, field, res.json['message']], JSON.stringify(body)).toEqual([400, field, expect.stringContaining(field)]);
      expect(typeof res.json['code']).toBe('string');
    }
    const limited = await t.admin('POST', '/merchants', { name: 'Con tope', txLimit: 100 });
    const overLimit = await link(String(limited.json['secretKey']), { amount: 150 });
    expect([overLimit.status, overLimit.json['code']]).toEqual([422, 'amount_exceeds_limit_allowed']);
    // A third decimal in the literal sent, though the double it reads as has two: never rounded.
    for (const [text, field] of [['{"amount":25.1000000000000001,"description":"x"}', 'amount'], ['{"amount":25,"taxAmount":1.7500000000000001,"description":"x"}', 'taxAmount']] as const) {
      const res = await api.call('POST', '/payment-links', { key: m.key, bytes: new TextEncoder().encode(text), headers: { 'content-type': 'application/json' } });
      expect([res.status, res.json['code'], res.json['message']], text).toEqual([400, 'invalid_arguments', expect.stringContaining(field)]);
    }
    const asText = await api.call('POST', '/payment-links', { key: m.key, body: { amount: 1, description: 'x' }, headers: { 'content-type': 'text/csv' } });
    expect(asText.status).toBe(415);
    const notJson = await t.app.request('/api/v1/merchant/payment-links', { method: 'POST', headers: { authorization: `Bearer ${m.key}`, 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    expect((await api.call('POST', '/payment-links', { body: { amount: 1, description: 'x' } })).json).toMatchObject({ code: 'missing_secret_key' });
    expect((await api.call('POST', '/payment-links', { key: 'sk_test_nobody', body: { amount: 1, description: 'x' } })).json).toMatchObject({ code: 'invalid_secret_key' });
  });

  it('refuses metadata keys that are not plain names (those JavaScript reserves too), naming the key, and makes nothing', async () => {
    const m = await newMerchant();
    // Written as JSON text: an object literal's __proto__ would set its prototype, not a key.
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const metadata = JSON.parse(`{${JSON.stringify(key)}:"x","customer":"c_77"}`) as Record<string, string>;
      expect(Object.keys(metadata)).toContain(key);
      const res = await link(m.key, { metadata });
      expect([res.status, res.json['code'], res.json['message']], key).toEqual([400, 'invalid_arguments', expect.stringContaining(`la clave "${key}" de metadata`)]);
    }
    const [{ n }] = await t.db.query<{ n: number }>('select count(*)::int as n from payment_links where merchant_id = $1', [m.id]) as [{ n: number }];
    expect(n).toBe(0);
    // Names that only look like them are plain.
    expect((await link(m.key, { metadata: { proto: 'a', constructor_id: 'b', '_prototype': 'c' } })).json['metadata']).toEqual({ proto: 'a', constructor_id: 'b', '_prototype': 'c' });
  });

  it('lists links newest first with cursor pagination, filtered by state, order reference and date', async () => {
    const m = await newMerchant();
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push(String((await link(m.key, { orderReference: `list-${i}` })).json['code']));
    const first = await api.call('GET', '/payment-links?limit=2', { key: m.key });
    expect(first.json).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    const seen = (first.json['data'] as Array<{ code: string }>).map((l) => l.code);
    let cursor = first.json['nextCursor'];
    while (typeof cursor === 'string') {
      const page = await api.call('GET', `/payment-links?limit=2&cursor=${cursor}`, { key: m.key });
      seen.push(...(page.json['data'] as Array<{ code: string }>).map((l) => l.code));
      cursor = page.json['nextCursor'];
    }
    expect(seen).toEqual([...codes].reverse());

    expect((await api.call('GET', '/payment-links?orderReference=list-3', { key: m.key })).json['data']).toEqual([expect.objectContaining({ code: codes[3] })]);
    await api.call('POST', `/payment-links/${codes[1]}/expire`, { key: m.key });
    expect((await api.call('GET', '/payment-links?state=expired', { key: m.key })).json['data']).toEqual([expect.objectContaining({ code: codes[1], state: 'expired' })]);
    expect(((await api.call('GET', '/payment-links?state=open', { key: m.key })).json['data'] as unknown[]).length).toBe(4);
    const future = encodeURIComponent(in1h());
    expect((await api.call('GET', `/payment-links?createdFrom=${future}`, { key: m.key })).json['data']).toEqual([]);
    expect(((await api.call('GET', `/payment-links?createdTo=${future}`, { key: m.key })).json['data'] as unknown[]).length).toBe(5);

    // A cursor tells nothing of the platform's numbering, and only its own list of its own merchant takes it.
    expect(Buffer.from(String(first.json['nextCursor']), 'base64url').toString()).toBe(`links:${codes[3]}`);
    const other = await newMerchant('Otra Tienda API');
    const elsewhere = [
      await api.call('GET', `/payment-links?limit=2&cursor=${String(first.json['nextCursor'])}`, { key: other.key }),
      await api.call('GET', `/transactions?limit=2&cursor=${String(first.json['nextCursor'])}`, { key: m.key }),
      await api.call('GET', `/payment-links?cursor=${Buffer.from('id:1').toString('base64url')}`, { key: m.key }),
      await api.call('GET', `/payment-links?cursor=${Buffer.from('links:LKNOSUCHLINK').toString('base64url')}`, { key: m.key }),
    ];
    expect(elsewhere.map((res) => [res.status, res.json['code']])).toEqual(Array.from({ length: 4 }, () => [400, 'invalid_arguments']));

    for (const [query, field] of [['limit=0', 'limit'], ['limit=101', 'limit'], ['limit=x', 'limit'], ['cursor=zzz', 'cursor'], ['state=gone', 'state'], ['createdFrom=yesterday', 'createdFrom'], ['page=2', 'page']] as const) {
      const res = await api.call('GET', `/payment-links?${query}`, { key: m.key });
      expect([res.status, res.json['message']], query).toEqual([400, expect.stringContaining(field)]);
    }
  });

  it('expires a link now: the checkout refuses it from then on (3000); a paid single-use link cannot expire', async () => {
    const m = await newMerchant();
    const code = String((await link(m.key)).json['code']);
    const expired = await api.call('POST', `/payment-links/${code}/expire`, { key: m.key });
    expect(expired.json).toMatchObject({ code, state: 'expired', expiresAt: expect.any(String) });
    expect((await t.post('/cards/auth-capture', await tokenizedCardPayload(code))).status).toBe(410);
    // Again: the same link, the moment it expired kept.
    expect((await api.call('POST', `/payment-links/${code}/expire`, { key: m.key })).json['expiresAt']).toBe(expired.json['expiresAt']);

    const single = String((await link(m.key, { singleUse: true })).json['code']);
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(single));
    expect(paid.data['status']).toBe(1);
    expect((await api.call('GET', `/payment-links/${single}`, { key: m.key })).json).toMatchObject({ state: 'paid', paidBy: paid.data['codOper'], payments: 1 });
    expect((await api.call('POST', `/payment-links/${single}/expire`, { key: m.key })).json).toMatchObject({ code: 'payment_link_paid' });
    expect((await api.call('POST', `/payment-links/${single}/expire`, { key: m.key, body: { now: true } })).status).toBe(400);
    expect((await api.call('POST', '/payment-links/LKNOPE/expire', { key: m.key })).status).toBe(404);
  });

  it('counts in `payments` every payment attempted, declined and pending ones too (docs/merchant-api.md), and names none as paid', async () => {
    const m = await newMerchant();
    const code = String((await link(m.key)).json['code']);
    for (const cardNumber of ['4000000000000002', '4000000000000259']) await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber }));
    expect((await api.call('GET', `/payment-links/${code}`, { key: m.key })).json).toMatchObject({ state: 'open', paidBy: null, payments: 2 });
  });
});

describe('transactions', () => {
  it('retrieves and lists the merchant\'s transactions with the link\'s order reference and metadata, filtered', async () => {
    const m = await newMerchant();
    const other = await newMerchant('Otra');
    const a = String((await link(m.key, { orderReference: 'tx-a', metadata: { cart: '9' } })).json['code']);
    const b = String((await link(m.key)).json['code']);
    const paidTrackId = randomUUID();
    const paidA = await t.post('/cards/auth-capture', await tokenizedCardPayload(a, { trackId: paidTrackId }));
    const declinedB = await t.post('/cards/auth-capture', await tokenizedCardPayload(b, { cardNumber: '4000000000000002' }));
    const pushB = await t.post('/nequi/push', { code: b, phone: '63333333', trackId: randomUUID() });
    const [approved, declined, pending] = [paidA, declinedB, pushB].map((r) => String(r.data['codOper']));

    const one = await api.call('GET', `/transactions/${approved}`, { key: m.key });
    expect(one.json).toMatchObject({ codOper: approved, method: 'card', result: 'APPROVED', amount: 25, taxAmount: 1.75, linkCode: a, orderReference: 'tx-a', metadata: { cart: '9' }, refundedAmount: 0, refunds: [] });
    expect((await api.call('GET', `/transactions/${approved}`, { key: other.key })).json).toMatchObject({ code: 'transaction_not_found' });

    const list = async (query: string) => ((await api.call('GET', `/transactions?${query}`, { key: m.key })).json['data'] as Array<{ codOper: string }>).map((x) => x.codOper);
    expect(await list('')).toEqual([pending, declined, approved]);
    expect(await list('orderReference=tx-a')).toEqual([approved]);
    expect(await list(`linkCode=${b}`)).toEqual([pending, declined]);
    // Issue 95: a checkout's `unknown` result carries the link code and trackId; they find that one payment.
    expect(await list(`linkCode=${a}&trackId=${paidTrackId}`)).toEqual([approved]);
    expect(await list(`trackId=${paidTrackId}`)).toEqual([approved]);
    expect(await list(`linkCode=${b}&trackId=${paidTrackId}`)).toEqual([]);
    expect(await list(`trackId=${randomUUID()}`)).toEqual([]);
    expect((await api.call('GET', `/transactions?trackId=${paidTrackId}`, { key: other.key })).json['data']).toEqual([]);
    expect(await list('method=nequi')).toEqual([pending]);
    expect(await list('result=DECLINED')).toEqual([declined]);
    expect(await list('result=PENDING')).toEqual([pending]);
    expect(await list('result=APPROVED&method=card')).toEqual([approved]);
    expect(await list(`createdFrom=${encodeURIComponent(in1h())}`)).toEqual([]);
    const firstPage = await api.call('GET', '/transactions?limit=1&result=DECLINED', { key: m.key });
    expect(firstPage.json).toMatchObject({ hasMore: false, nextCursor: null });
    const paged = await api.call('GET', '/transactions?limit=2', { key: m.key });
    expect(paged.json).toMatchObject({ hasMore: true });
    expect(await list(`cursor=${String(paged.json['nextCursor'])}`)).toEqual([approved]);
    expect(await list('')).not.toContain(String((await t.post('/cards/auth-capture', await tokenizedCardPayload(String((await link(other.key)).json['code'])))).data['codOper']));
    for (const [query, field] of [['result=OK', 'result'], ['method=cheque', 'method'], ['linkCode=a b', 'linkCode'], ['trackId=a%20b', 'trackId'], ['createdTo=2026', 'createdTo']] as const) {
      const res = await api.call('GET', `/transactions?${query}`, { key: m.key });
      expect([res.status, res.json['message']], query).toEqual([400, expect.stringContaining(field)]);
    }
  });

  it('puts the order reference and metadata into the webhook events', async () => {
    const m = await newMerchant();
    const code = String((await link(m.key, { orderReference: 'hook-1', metadata: { sku: 'A1' } })).json['code']);
    const codOper = String((await t.post('/cards/auth-capture', await tokenizedCardPayload(code))).data['codOper']);
    const [event] = await t.db.query<{ order_reference: string; metadata: Record<string, string> }>('select order_reference, metadata from webhook_events where cod_oper = $1', [codOper]);
    expect(event).toEqual({ order_reference: 'hook-1', metadata: { sku: 'A1' } });
  });
});

describe('Idempotency-Key', () => {
  it('answers the first answer to the same key and body, a 409 to another body, and makes one link', async () => {
    const m = await newMerchant();
    const key = randomUUID();
    const first = await link(m.key, { orderReference: 'idem-1' }, key);
    const again = await link(m.key, { orderReference: 'idem-1' }, key);
    expect(first.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // The same body with its keys in another order is the same request.
    const reordered = await api.call('POST', '/payment-links', { key: m.key, idempotencyKey: key, body: { description: 'Pedido', taxAmount: 1.75, orderReference: 'idem-1', amount: 25 } });
    expect(reordered.json).toEqual(first.json);
    const other = await link(m.key, { orderReference: 'idem-2' }, key);
    expect([other.status, other.json['code']]).toEqual([409, 'idempotency_key_reused']);
    // The same key on another call is another request too.
    expect((await api.call('POST', `/payment-links/${String(first.json['code'])}/expire`, { key: m.key, idempotencyKey: key })).json['code']).toBe('idempotency_key_reused');
    const [{ n }] = await t.db.query<{ n: number }>("select count(*)::int as n from payment_links where merchant_id = $1 and order_reference like 'idem-%'", [m.id]) as [{ n: number }];
    expect(n).toBe(1);
    // Keys are the merchant's own: another merchant's same key is a new request.
    const b = await newMerchant('B');
    expect((await link(b.key, { orderReference: 'idem-1' }, key)).json['code']).not.toBe(first.json['code']);
  });

  it('is required on link creation: without one, 400 missing_idempotency_key and no link, however often it is sent', async () => {
    const m = await newMerchant();
    const bare = () => api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, description: 'Pedido' }, idempotencyKey: null });
    const [first, second] = [await bare(), await bare()];
    for (const res of [first, second]) {
      expect([res.status, res.json]).toEqual([400, { code: 'missing_idempotency_key', message: expect.stringMatching(/^Esta llamada necesita un encabezado Idempotency-Key \(.*creación de enlaces/), requestId: expect.any(String) }]);
    }
    const [{ n }] = await t.db.query<{ n: number }>('select count(*)::int as n from payment_links where merchant_id = $1', [m.id]) as [{ n: number }];
    expect(n).toBe(0);
    // The key is looked at after the secret key, and before the body.
    expect((await api.call('POST', '/payment-links', { body: {}, idempotencyKey: null })).json['code']).toBe('missing_secret_key');
    expect((await api.call('POST', '/payment-links', { key: m.key, body: { amount: 'x' }, idempotencyKey: null })).json['code']).toBe('missing_idempotency_key');
    // An empty header is a malformed key, not a missing one.
    expect((await api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, description: 'Pedido' }, idempotencyKey: '' })).json['code']).toBe('invalid_idempotency_key');
    // Elsewhere it stays optional: expiring a link moves no money and makes nothing payable.
    const code = String((await link(m.key)).json['code']);
    expect((await api.call('POST', `/payment-links/${code}/expire`, { key: m.key, idempotencyKey: null })).json).toMatchObject({ code, state: 'expired' });
  });

  it('lets a failed request\'s key go, refuses a malformed key, and forgets a key after 24 hours', async () => {
    const m = await newMerchant();
    const key = randomUUID();
    expect((await link(m.key, { amount: -1 }, key)).status).toBe(400);
    expect((await link(m.key, {}, key)).status).toBe(201);
    const bad = await link(m.key, {}, 'bad key with spaces');
    expect([bad.status, bad.json['code'], bad.json['message']]).toEqual([400, 'invalid_idempotency_key', expect.stringContaining('Idempotency-Key')]);
    expect((await link(m.key, {}, 'k'.repeat(256))).status).toBe(400);
    await t.db.query("update idempotency_keys set created_at = now() - interval '25 hours' where key = $1", [key]);
    const later = await link(m.key, { orderReference: 'after-a-day' }, key);
    expect([later.status, later.headers.get('idempotent-replayed')]).toEqual([201, null]);
    // The hourly sweep forgets keys past their 24 hours, and only those.
    await t.db.query("update idempotency_keys set created_at = now() - interval '25 hours' where key = $1", [key]);
    const fresh = randomUUID();
    await link(m.key, { orderReference: 'kept' }, fresh);
    expect(await deleteExpiredIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    expect((await t.db.query('select key from idempotency_keys where merchant_id = $1', [m.id])).map((r) => r['key'])).toEqual([fresh]);
  });

  it('makes one link of ten requests with one key at once, each answered the same', async () => {
    const m = await newMerchant();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => link(m.key, { orderReference: 'at-once' }, key)));
    expect(new Set(answers.map((a) => JSON.stringify([a.status, a.json]))).size).toBe(1);
    expect(answers[0]?.status).toBe(201);
    const [{ n }] = await t.db.query<{ n: number }>('select count(*)::int as n from payment_links where merchant_id = $1', [m.id]) as [{ n: number }];
    expect(n).toBe(1);
  });
});
