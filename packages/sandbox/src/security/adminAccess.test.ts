import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, type TestApp } from '../../test/testApp';

// Issue "Only the right party can act": every admin door tried without a key, with another
// merchant's key and with the right one. Refusals are the catalogue's { code, message } and leave
// the database as it was.

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';
const operator = { authorization: `Bearer ${ADMIN_TOKEN}` };
const keyOf = (secretKey: string) => ({ authorization: `Bearer ${secretKey}` });

let t: TestApp;
let a: { id: number; key: Record<string, string> };
let b: { id: number; key: Record<string, string> };
let linkA: string;
let cardA: string;
let cashA: string;
let cryptoA: string;
let nequiA: string;

/** What a refused call must not have changed. */
async function dbState(): Promise<string> {
  const rows = await Promise.all([
    t.db.query('select id, name, webhook_url, secret_key_hash, captcha_required from merchants order by id'),
    t.db.query('select code, merchant_id from payment_links order by id'),
    t.db.query('select cod_oper, status, auth_status, details from transactions order by id'),
    t.db.query('select id, login from users order by id'),
    t.db.query('select id, state, attempts from webhook_events order by id'),
    t.db.query('select cod_oper, state from validations order by cod_oper'),
    t.db.query('select subscription_key, next_charge_at from subscriptions order by subscription_key'),
    t.db.query('select id from plans order by id'),
    t.db.query('select station_id from payment_stations order by station_id'),
    t.db.query('select id, merchant_id from mailbox order by id'),
  ]);
  return JSON.stringify(rows);
}

async function newMerchant(name: string) {
  const res = await t.admin('POST', '/merchants', { name, webhookUrl: 'https://hooks.example.com/pasarela' }, operator);
  expect(res.status).toBe(201);
  return { id: Number(res.json['idMerchant']), key: keyOf(String(res.json['secretKey'])) };
}

function expectCatalogueError(res: { status: number; json: Record<string, unknown> }, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.json['code']).toBe(code);
  expect(typeof res.json['message']).toBe('string');
  // The catalogue's sentence, not the bare code.
  expect(res.json['message']).not.toBe(code);
}

beforeAll(async () => {
  t = await createTestApp({ adminToken: ADMIN_TOKEN });
  a = await newMerchant('Tienda A');
  b = await newMerchant('Tienda B');
  const link = await t.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'De A' }, a.key);
  expect(link.status).toBe(201);
  linkA = String(link.json['code']);
  const card = await t.post('/cards/auth-capture', { ...await tokenizedCardPayload(linkA), cclw: 'TIENDAA' });
  cardA = String(card.data['codOper']);
  const cash = await t.post('/cash/pay-cash', { code: linkA, email: 'p@example.com', phone: '61111111', trackId: randomUUID() });
  cashA = String(cash.data['reference']);
  const crypto = await t.post('/crypto/payments', { codeProcess: linkA, currency: 'BTC', network: 'BTC', email: 'p@example.com', trackId: randomUUID() });
  cryptoA = String(crypto.data['codOper']);
  const nequi = await t.post('/nequi/push', { code: linkA, phone: '63333333', email: 'p@example.com', trackId: randomUUID() });
  nequiA = String(nequi.data['codOper']);
  for (const codOper of [cardA, cryptoA, nequiA]) expect(codOper).toMatch(/^PP/);
  expect(cashA).toMatch(/^\d{12}$/);
});

afterAll(() => t.close());

interface Door {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
  /** The answer to another merchant's key: 404 for its resource, 403 for an operator-only call. */
  otherMerchant: { status: number; code: string } | 'filtered';
  /** What A's own key gets (the operator's token gets the same or more). */
  own: number;
  /** For a listing: what A's answer shows and B's must not (default: A's link code). */
  shows?: () => string;
}

const doors: Door[] = [
  { name: 'create a merchant', method: 'POST', path: () => '/merchants', body: () => ({ name: 'Intrusa' }), otherMerchant: { status: 403, code: 'admin_only' }, own: 403 },
  { name: "rotate A's keys", method: 'POST', path: () => `/merchants/${a.id}/keys`, body: () => ({}), otherMerchant: { status: 404, code: 'merchant_not_found' }, own: 201 },
  { name: 'a link for A', method: 'POST', path: () => '/links', body: () => ({ amount: 5, description: 'x', merchantId: a.id }), otherMerchant: { status: 404, code: 'merchant_not_found' }, own: 201 },
  // A's link has payments (one approved, some waiting): A's own call is refused too, and nothing changes.
  { name: "end A's link", method: 'POST', path: () => `/links/${linkA}/expire`, otherMerchant: { status: 404, code: 'link_not_found' }, own: 409 },
  { name: "A's link's transactions", method: 'GET', path: () => `/transactions?code=${linkA}`, otherMerchant: { status: 404, code: 'link_not_found' }, own: 200 },
  { name: 'pay A\'s cash voucher', method: 'POST', path: () => `/sandbox-cash/${cashA}`, otherMerchant: { status: 404, code: 'PAYMENT_NOT_FOUND' }, own: 200 },
  { name: "confirm A's crypto", method: 'POST', path: () => `/crypto/${cryptoA}/confirm`, body: () => ({}), otherMerchant: { status: 404, code: 'PAYMENT_NOT_FOUND' }, own: 200 },
  { name: "answer A's Nequi push", method: 'POST', path: () => `/nequi/${nequiA}`, body: () => ({ result: 'approve' }), otherMerchant: { status: 404, code: 'PAYMENT_NOT_FOUND' }, own: 200 },
  { name: "a random charge on A's payment", method: 'POST', path: () => '/validations', body: () => ({ codOper: cardA }), otherMerchant: { status: 404, code: 'PAYMENT_NOT_FOUND' }, own: 201 },
  { name: 'a station for A', method: 'POST', path: () => '/stations', body: () => ({ stationId: `A-${randomUUID().slice(0, 8)}`, description: 'Caja', merchantId: a.id }), otherMerchant: { status: 404, code: 'merchant_not_found' }, own: 201 },
  { name: 'a plan for A', method: 'POST', path: () => '/plans', body: () => ({ name: 'Plan', amount: 5, period: 'MO', merchantId: a.id }), otherMerchant: { status: 404, code: 'merchant_not_found' }, own: 201 },
  { name: 'a wallet user', method: 'POST', path: () => '/users', body: () => ({ email: `u${randomUUID().slice(0, 8)}@example.com`, password: 'Secreta123!', name: 'Ana', lastname: 'Paz', phone: '+50761234567' }), otherMerchant: { status: 403, code: 'admin_only' }, own: 403 },
  { name: "A's payout schedule", method: 'POST', path: () => `/merchants/${a.id}/books`, body: () => ({ payoutSchedule: 'weekly' }), otherMerchant: { status: 404, code: 'merchant_not_found' }, own: 200 },
  // Prices are the provider's: A's own key is refused too.
  { name: "A's prices", method: 'POST', path: () => `/merchants/${a.id}/books`, body: () => ({ prices: { card: { percentBps: 0, fixedCents: 0 } } }), otherMerchant: { status: 404, code: 'merchant_not_found' }, own: 403 },
  { name: "turn A's captcha off", method: 'PATCH', path: () => `/merchants/${a.id}`, body: () => ({ captchaRequired: false }), otherMerchant: { status: 404, code: 'merchant_not_found' }, own: 200 },
  { name: "A's mailbox (the receipt of A's card payment)", method: 'GET', path: () => '/mailbox', otherMerchant: 'filtered', own: 200, shows: () => cardA },
  { name: 'every payment', method: 'GET', path: () => '/transactions/recent', otherMerchant: 'filtered', own: 200 },
  { name: 'the merchants', method: 'GET', path: () => '/merchants', otherMerchant: 'filtered', own: 200 },
  { name: 'the links', method: 'GET', path: () => '/links', otherMerchant: 'filtered', own: 200 },
  { name: 'the webhooks', method: 'GET', path: () => '/webhooks', otherMerchant: 'filtered', own: 200 },
];

const pathOf = (door: Door) => door.path().replace(/^\/sandbox-cash\/(.+)$/, '/cash/$1/pay');
const call = (door: Door, headers: Record<string, string>) => t.admin(door.method, pathOf(door), door.body?.(), headers);

describe('the admin API with SANDBOX_ADMIN_TOKEN set', () => {
  it.each(doors)('$name: without a key, or with a wrong token, 401 admin_token_required and nothing changes', async (door) => {
    const before = await dbState();
    expectCatalogueError(await call(door, {}), 401, 'admin_token_required');
    expectCatalogueError(await call(door, { authorization: 'Bearer not-the-admin-token-at-all' }), 401, 'admin_token_required');
    expectCatalogueError(await call(door, { authorization: 'Basic YWRtaW46YWRtaW4=' }), 401, 'admin_token_required');
    expectCatalogueError(await call(door, { authorization: 'Bearer sk_test_nobodys' }), 401, 'invalid_secret_key');
    expect(await dbState()).toBe(before);
  });

  it.each(doors)("$name: with another merchant's key, refused (or only its own rows) and nothing changes", async (door) => {
    const before = await dbState();
    const res = await call(door, b.key);
    if (door.otherMerchant === 'filtered') {
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.json);
      for (const own of [linkA, cardA, cryptoA, nequiA, 'Tienda A']) expect(text).not.toContain(own);
    } else {
      expectCatalogueError(res, door.otherMerchant.status, door.otherMerchant.code);
    }
    expect(await dbState()).toBe(before);
  });

  it.each(doors)("$name: with A's own key, answered", async (door) => {
    const res = await call(door, a.key);
    expect(res.status).toBe(door.own);
    // New keys: the old one stops working at once.
    if (pathOf(door).endsWith('/keys')) a = { ...a, key: keyOf(String(res.json['secretKey'])) };
    if (door.own === 403) expectCatalogueError(res, 403, 'admin_only');
    if (door.otherMerchant === 'filtered' && door.path() !== '/webhooks') expect(JSON.stringify(res.json)).toContain(door.shows?.() ?? (door.path() === '/merchants' ? 'Tienda A' : linkA));
  });

  it('the operator token opens every door, and sees every merchant', async () => {
    for (const door of doors.filter((d) => d.own === 403)) expect((await call(door, operator)).status).toBeLessThan(300);
    const merchants = JSON.stringify((await t.admin('GET', '/merchants', undefined, operator)).json);
    expect(merchants).toContain('Tienda A');
    expect(merchants).toContain('Tienda B');
  });

  it("A's key settles A's payment, and the change is stored", async () => {
    const crypto = await t.post('/crypto/payments', { codeProcess: linkA, currency: 'BTC', network: 'BTC', email: 'p@example.com', trackId: randomUUID() });
    const codOper = String(crypto.data['codOper']);
    expect((await t.admin('POST', `/crypto/${codOper}/confirm`, {}, b.key)).status).toBe(404);
    expect((await t.db.query<{ status: number }>('select status from transactions where cod_oper = $1', [codOper]))[0]?.status).toBe(0);
    expect((await t.admin('POST', `/crypto/${codOper}/confirm`, {}, a.key)).status).toBe(200);
    expect((await t.db.query<{ status: number }>('select status from transactions where cod_oper = $1', [codOper]))[0]?.status).toBe(1);
  });

  it("a merchant's key lists its own webhook deliveries only, and cannot send another's again", async () => {
    const own = (await t.admin('GET', '/webhooks', undefined, a.key)).json['webhooks'] as Array<{ id: string; codOper: string }>;
    expect(own.length).toBeGreaterThan(0);
    const first = own[0];
    if (!first) throw new Error('no webhook');
    expect((await t.admin('GET', `/webhooks?merchantId=${a.id}`, undefined, b.key)).json['webhooks']).toEqual([]);
    const before = await dbState();
    expectCatalogueError(await t.admin('POST', `/webhooks/${first.id}/redeliver`, undefined, b.key), 404, 'webhook_not_found');
    expect(await dbState()).toBe(before);
    expect((await t.admin('POST', `/webhooks/${first.id}/redeliver`, undefined, a.key)).status).toBe(202);
  });

  it("the payer's ways back from the issuer's and the bank's pages and the console's shell need no key; the settle calls do", async () => {
    for (const path of [`/3ds/${cardA}/return`, `/clave/${cardA}/return`, '/console']) expect((await t.app.request(`/sandbox${path}`)).status).not.toBe(401);
    for (const path of [`/3ds/${cardA}`, `/clave/${cardA}`]) expect((await t.app.request(`/sandbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"result":"approve"}' })).status).toBe(401);
    const preflight = await t.app.request('/sandbox/links', { method: 'OPTIONS', headers: { origin: 'http://shop.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });
    expect(preflight.status).toBeLessThan(300);
  });
});

describe('the admin API on loopback without a token (npm start on a laptop)', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp();
  });
  afterAll(() => open.close());

  it('POST /sandbox/links and GET /sandbox/transactions?code= need no setup (PRODUCT.md)', async () => {
    const link = await open.admin('POST', '/links', { amount: 5, description: 'Abierto' });
    expect(link.status).toBe(201);
    expect((await open.admin('GET', `/transactions?code=${String(link.json['code'])}`)).status).toBe(200);
  });

  it("a merchant's key still scopes the call to that merchant", async () => {
    const m = await open.admin('POST', '/merchants', { name: 'Tienda C' });
    const key = keyOf(String(m.json['secretKey']));
    expect((await open.admin('POST', '/merchants', { name: 'Otra' }, key)).status).toBe(403);
    const seeded = await open.admin('POST', '/links', { amount: 5, description: 'Demo' });
    expect((await open.admin('GET', `/transactions?code=${String(seeded.json['code'])}`, undefined, key)).status).toBe(404);
  });
});
