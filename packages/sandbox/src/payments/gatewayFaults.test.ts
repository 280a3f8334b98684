import type { Gateways } from '@pasarela/gateways';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultyGateways, type GatewayFault } from '../../test/gateways/faultyGateways';
import type { Database } from '../db/Database';
import { asUnavailable } from '../db/unavailable';
import { tokenizedCardRegistration, tokenizedCardPayload, createTestApp, newLink, savedTestCard, testCardNumber, type ApiAnswer, type TestApp } from '../../test/testApp';

// One payment intent makes at most one charge, whatever fails between Pasarela and its gateway: an
// answer that never comes, an answer lost after the operation, an adapter that breaks before or
// after it, the database gone once it answered. Each payment is then sent again with its trackId
// (the checkout's retry), the reconciler runs, and the gateway's books are counted. The table is
// printed at the end.

let t: TestApp;
let faults: ReturnType<typeof faultyGateways>;
const table: string[] = [];

/**
 * The database going away mid-way: once a gateway answered (faultyGateways' database_lost), every
 * query of the app fails as on a connection PostgreSQL ended (postgresDatabase.ts), until the request is answered.
 */
let databaseLost = false;
function goneWhileLost(db: Database): void {
  for (const name of ['query', 'transaction', 'exec'] as const) {
    const real = (db[name] as (...args: unknown[]) => Promise<unknown>).bind(db);
    Object.assign(db, {
      [name]: (...args: unknown[]) => databaseLost
        ? Promise.reject(asUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))
        : real(...args),
    });
  }
}

beforeAll(async () => {
  t = await createTestApp({
    wrapGateways: (inner: Gateways) => (faults = faultyGateways(inner, { loseDatabase: () => { databaseLost = true; } })).gateways,
  });
  goneWhileLost(t.db);
});
afterAll(async () => {
  console.log(['method | fault | first answer | charges made | expected | left pending', ...table].join('\n'));
  await t.close();
});

/** What the gateway's books hold as paid for these attempts (cards authorized, pushes and vouchers paid). */
async function chargesAt(port: string, keys: string[]): Promise<number> {
  return t.simulator.books.list<unknown, { status?: string; state?: string }>(port)
    .filter((e) => keys.includes(e.key) && (e.state.status === 'approved' || e.state.state === 'approved' || e.state.state === 'paid')).length;
}

/** Every attempt of a link, as recorded, after the reconciler ran with their deadline passed. */
async function reconciled(code: string) {
  await t.db.query("update transactions set updated_at = now() - interval '1 minute' where link_code = $1 and auth_status = 'PROCESSING'", [code]);
  await t.reconcile();
  return t.db.query<{ cod_oper: string; status: number; auth_status: string }>('select cod_oper, status, auth_status from transactions where link_code = $1 order by id', [code]);
}

const ALL_FAULTS: GatewayFault[] = ['timeout', 'lost_answer', 'error_before', 'error_after', 'database_lost'];

/** The first request meets the fault; the database comes back once it is answered. */
async function withFault(port: keyof Gateways, fault: GatewayFault, request: () => Promise<ApiAnswer>, call?: string): Promise<ApiAnswer> {
  faults.plan(port, fault, call);
  try {
    return await request();
  } finally {
    databaseLost = false;
  }
}

/**
 * The methods the payer completes elsewhere: a Yappy phone, the bank's Clave page, coins sent to a
 * crypto address. `pay` starts the payment (the first try, then the retry with the same trackId);
 * `payerPays` completes what the retry answered; `charges` counts the gateway's books.
 */
interface PayerMethod {
  port: keyof Gateways;
  pay(code: string, trackId: string): Promise<ApiAnswer>;
  payerPays(retry: ApiAnswer): Promise<void>;
  charges(codOpers: string[]): Promise<number>;
}


const PAYER_METHODS: Readonly<Record<'yappy' | 'clave' | 'crypto', PayerMethod>> = {
  yappy: {
    port: 'push',
    pay: (code, trackId) => t.post('/yappy/payments', { code, phone: '61111111', trackId }),
    payerPays: () => t.answerPhones(),
    charges: (keys) => chargesAt('push', keys),
  },
  clave: {
    port: 'bank',
    pay: (code, trackId) => t.post('/clave/payments', { code, trackId }),
    async payerPays(retry) {
      // The payer approves on the bank's page (the simulator's), played by the sandbox's settle call.
      const done = await t.app.request(`/sandbox/clave/${String(retry.data['codOper'])}`, { method: 'POST', body: new URLSearchParams({ result: 'approve' }), headers: { accept: 'application/json' } });
      expect(done.status).toBe(200);
    },
    charges: (keys) => chargesAt('bank', keys),
  },
  crypto: {
    port: 'crypto',
    pay: (code, trackId) => t.post('/crypto/payments', { codeProcess: code, currency: 'BTC', network: 'BTC', email: 'cripto@example.com', trackId }),
    async payerPays(retry) {
      expect((await t.admin('POST', `/crypto/${String(retry.data['id'])}/confirm`, {})).status).toBe(200);
    },
    // Coins received at an address of these payments (its key is the payment's and the network's).
    charges: async (keys) => t.simulator.books.list<unknown, { paidCrypto?: number }>('crypto')
      .filter((e) => keys.includes(e.key.split(':')[0] ?? '') && Number(e.state.paidCrypto) > 0).length,
  },
};

describe('faults between a payment and its gateway', () => {
  it.each(ALL_FAULTS)('card, %s: one charge, found again by the retry, nothing left pending', async (fault) => {
    const code = await newLink(t);
    const body = await tokenizedCardPayload(code, { cardNumber: testCardNumber(randomUUID()) });
    const first = await withFault('card', fault, () => t.post('/cards/auth-capture', body));
    expect(first.status).toBe(fault === 'database_lost' ? 503 : 504);
    const rows = await reconciled(code);
    const retry = await t.post('/cards/auth-capture', body);
    expect(retry).toMatchObject({ status: 200, data: { status: 1 } });
    const after = await t.db.query<{ cod_oper: string; status: number; auth_status: string }>('select cod_oper, status, auth_status from transactions where link_code = $1', [code]);
    const charges = await chargesAt('card', after.map((r) => r.cod_oper).concat(rows.map((r) => r.cod_oper)));
    table.push(`card | ${fault} | ${first.status} | ${charges} | 1 | ${after.filter((r) => r.auth_status === 'PROCESSING').length}`);
    expect(charges).toBe(1);
    expect(after.filter((r) => r.status === 1)).toHaveLength(1);
    expect(after.filter((r) => r.auth_status === 'PROCESSING')).toEqual([]);
  });

  it('a card payment the processor charged without its answer coming back is a 504 kept in doubt, told from the 502 that recorded nothing: its trackId finds it pending, then charged', async () => {
    const code = await newLink(t);
    const trackId = randomUUID();
    const body = { ...await tokenizedCardPayload(code, { cardNumber: testCardNumber(randomUUID()), trackId }), isOldVersion: false, serviceCode: 'EA' };
    const first = await withFault('card', 'lost_answer', () => t.post('/cards/auth-capture', body));
    // The same code as the processing failure's 502; the status says this one may be charged.
    expect(first).toMatchObject({ status: 504, data: { code: 'payment_error_try_again' } });
    const attempt = await t.get(`/payments/attempts/${trackId}`);
    expect(attempt).toMatchObject({ status: 200, data: { method: 'card', status: -1, result: 'PENDING', codOper: expect.any(String) } });
    await reconciled(code);
    expect(await t.get(`/payments/attempts/${trackId}`)).toMatchObject({ status: 200, data: { status: 1, result: 'APPROVED', codOper: attempt.data['codOper'] } });
    const failedCode = await newLink(t);
    const failedTrackId = randomUUID();
    const failed = await t.post('/cards/auth-capture', { ...await tokenizedCardPayload(failedCode, { cardNumber: '4000000000000119', trackId: failedTrackId }), isOldVersion: false, serviceCode: 'EA' });
    expect(failed).toMatchObject({ status: 502, data: { code: 'payment_error_try_again' } });
    expect((await t.get(`/payments/attempts/${failedTrackId}`)).status).toBe(404);
  });

  it.each(ALL_FAULTS)('Nequi push, %s: one request at the wallet, the retry follows it, the phone pays it once', async (fault) => {
    const code = await newLink(t);
    const body = { code, phone: '61111111', trackId: randomUUID() };
    const first = await withFault('push', fault, () => t.post('/nequi/push', body));
    expect(first.status).toBe(fault === 'database_lost' ? 503 : 504);
    await reconciled(code);
    const retry = await t.post('/nequi/push', body);
    expect(retry.status).toBe(200);
    await t.answerPhones();
    const after = await t.db.query<{ cod_oper: string; status: number; auth_status: string }>('select cod_oper, status, auth_status from transactions where link_code = $1', [code]);
    const charges = await chargesAt('push', after.map((r) => r.cod_oper));
    table.push(`nequi | ${fault} | ${first.status} | ${charges} | 1 | ${after.filter((r) => r.auth_status === 'PROCESSING').length}`);
    expect(charges).toBe(1);
    expect(after.map((r) => r.status)).toEqual([1]);
  });

  it.each(ALL_FAULTS)('cash voucher, %s: one voucher at the network, the retry answers it', async (fault) => {
    const code = await newLink(t);
    const body = { code, email: 'caja@example.com', phone: '+50761234567', trackId: randomUUID() };
    const first = await withFault('voucher', fault, () => t.post('/cash/pay-cash', body));
    expect(first.status).toBe(fault === 'database_lost' ? 503 : 504);
    await reconciled(code);
    const retry = await t.post('/cash/pay-cash', body);
    expect(retry.data).toMatchObject({ reference: expect.stringMatching(/^\d{12}$/) });
    const after = await t.db.query<{ cod_oper: string }>('select cod_oper from transactions where link_code = $1', [code]);
    const vouchers = t.simulator.books.list('voucher').filter((e) => after.some((r) => r.cod_oper === e.key));
    table.push(`cash | ${fault} | ${first.status} | ${vouchers.length} voucher | 1 | 0`);
    expect(after).toHaveLength(1);
    expect(vouchers).toHaveLength(1);
  });
});

/** Every attempt and card check in doubt, aged past its deadline, then one pass of the reconciler. */
async function reconcileAll(): Promise<void> {
  await t.db.query("update transactions set updated_at = now() - interval '1 minute' where auth_status = 'PROCESSING'");
  await t.db.query("update card_checks set updated_at = now() - interval '1 minute' where auth_status = 'PROCESSING'");
  await t.reconcile();
}

/** A new subscription of a plan that charges 9.00 at once, and the widget's process tx that activates it. */
async function newSubscriptionPayment(trackId: string) {
  const plan = await t.admin('POST', '/plans', { name: 'Club', period: 'MO', amount: 9, chargeNow: true });
  const sub = await t.post('/subscriptions', { idPlan: plan.json['idPlan'], email: 'socia@example.com' });
  const key = String(sub.data['subscriptionKey']);
  const requestPay = {
    ...await tokenizedCardPayload(key, { amount: 9, taxAmount: 0, trackId, cardNumber: testCardNumber(randomUUID()) }), serviceCode: 'REC', transactionsType: 'REC', txChannel: 'EPR',
  };
  const body = {
    requestPay, activateSubscription: { idSubscription: Number(sub.data['idSubscription']), subscriptionKey: key }, serviceCode: 'REC',
    idMerchant: Number((sub.data['plan'] as { idMerchant: number }).idMerchant),
  };
  return { key, send: () => t.post('/process-tx', body) };
}

const subscriptionRows = (key: string) => t.db.query<{ cod_oper: string; status: number; auth_status: string }>(
  "select cod_oper, status, auth_status from transactions where details ->> 'subscriptionKey' = $1 order by id", [key]);

/** A wallet user of its own (so the duplicate rule never meets another case's card), logged in. */
async function newWalletUser(cards: string[] = []): Promise<{ id: number; auth: Record<string, string> }> {
  const login = `u${randomUUID().slice(0, 8)}`;
  await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026', cards: cards.map((number) => savedTestCard(number)) });
  const answer = await t.post('/users/login', { login, password: 'Segura#2026' });
  return { id: Number((answer.data['user'] as { idUsr: number }).idUsr), auth: { authorization: `Bearer ${String(answer.data['token'])}` } };
}

describe('faults between a card payment of another kind and the card processor', () => {
  it.each(ALL_FAULTS)('subscription activation, %s: one charge, the reconciler settles it, the retry answers it, the subscription active', async (fault) => {
    const { key, send } = await newSubscriptionPayment(randomUUID());
    // The fault meets the charge (saving the card before it is the wallet card check's case).
    const first = await withFault('card', fault, send, 'authorize');
    expect(first.status).toBe(fault === 'database_lost' ? 503 : 504);
    const before = await subscriptionRows(key);
    await reconcileAll();
    const retry = await send();
    expect(retry).toMatchObject({ status: 200, data: { status: 1, subscriptionKey: key } });
    const after = await subscriptionRows(key);
    const charges = await chargesAt('card', [...before, ...after].map((r) => r.cod_oper));
    const pending = after.filter((r) => r.auth_status === 'PROCESSING').length;
    table.push(`subscription | ${fault} | ${first.status} | ${charges} | 1 | ${pending}`);
    expect(charges).toBe(1);
    expect(after.map((r) => r.status)).toEqual([1]);
    expect(await t.get(`/subscriptions/${key}`)).toMatchObject({ status: 409, data: { code: 'request_already_paid' } });
  });

  it.each(ALL_FAULTS)('saved card, %s: one charge, the reconciler settles it, the retry answers it', async (fault) => {
    const user = await newWalletUser([testCardNumber(randomUUID())]);
    const [saved] = ((await t.get('/users/me/cards', user.auth)).data['cards'] as Array<{ idRelCard: number }>);
    const code = await newLink(t);
    const body = { sourceSearch: { paymentCode: code }, idUsrCard: saved?.idRelCard, trackId: randomUUID() };
    const first = await withFault('card', fault, () => t.post('/activity/pay', body, user.auth));
    expect(first.status).toBe(fault === 'database_lost' ? 503 : 504);
    const rows = await reconciled(code);
    const retry = await t.post('/activity/pay', body, user.auth);
    expect(retry).toMatchObject({ status: 200, data: { activityResult: { status: 1 } } });
    const after = await t.db.query<{ cod_oper: string; status: number; auth_status: string }>('select cod_oper, status, auth_status from transactions where link_code = $1', [code]);
    const charges = await chargesAt('card', [...rows, ...after].map((r) => r.cod_oper));
    const pending = after.filter((r) => r.auth_status === 'PROCESSING').length;
    table.push(`saved card | ${fault} | ${first.status} | ${charges} | 1 | ${pending}`);
    expect(charges).toBe(1);
    expect(after.map((r) => r.status)).toEqual([1]);
    expect(pending).toBe(0);
  });

  it.each(ALL_FAULTS)('wallet card check, %s: the retry saves it under the same key, one card saved at the processor and in the wallet', async (fault) => {
    const user = await newWalletUser();
    const body = await tokenizedCardRegistration(testCardNumber(randomUUID()), { trackId: randomUUID() });
    const checkKeys = async () => (await t.db.query<{ check_key: string }>('select check_key from card_checks where user_id = $1', [user.id])).map((r) => r.check_key);
    const first = await withFault('card', fault, () => t.post('/users/me/cards', body, user.auth));
    expect(first.status).toBe(fault === 'database_lost' ? 503 : 504);
    const before = await checkKeys();
    await reconcileAll();
    const retry = await t.post('/users/me/cards', body, user.auth);
    expect(retry).toMatchObject({ status: 200, data: { status: 1 } });
    const keys = [...before, ...(await checkKeys())];
    const checks = t.simulator.books.list<unknown, { status: string }>('card-saved').filter((e) => keys.includes(e.key) && e.state.status === 'saved').length;
    const cards = (await t.get('/users/me/cards', user.auth)).data['cards'] as unknown[];
    const pending = (await t.db.query('select 1 from card_checks where user_id = $1 and auth_status = $2', [user.id, 'PROCESSING'])).length;
    table.push(`card check | ${fault} | ${first.status} | ${checks} check, ${cards.length} card | 1 | ${pending}`);
    expect(checks).toBe(1);
    expect(cards).toHaveLength(1);
    expect(pending).toBe(0);
  });

  it('a timed-out subscription activation answers 504; the retry with its trackId asks the processor again under the same key: one charge, active', async () => {
    const { key, send } = await newSubscriptionPayment(randomUUID());
    const first = await withFault('card', 'timeout', send);
    expect(first).toMatchObject({ status: 504, data: { code: 'payment_error_try_again' } });
    const [attempt] = await subscriptionRows(key);
    expect(attempt?.auth_status).toBe('PROCESSING');
    const retry = await send();
    expect(retry).toMatchObject({ status: 200, data: { status: 1, codOper: attempt?.cod_oper } });
    expect(await chargesAt('card', [attempt?.cod_oper ?? ''])).toBe(1);
    expect(await t.get(`/subscriptions/${key}`)).toMatchObject({ status: 409 });
  });

  it('a saved card\'s payment that timed out answers 504; the retry with its trackId asks the processor again under the same key: one charge', async () => {
    const user = await newWalletUser([testCardNumber(randomUUID())]);
    const [saved] = ((await t.get('/users/me/cards', user.auth)).data['cards'] as Array<{ idRelCard: number }>);
    const code = await newLink(t);
    const body = { sourceSearch: { paymentCode: code }, idUsrCard: saved?.idRelCard, trackId: randomUUID() };
    expect((await withFault('card', 'timeout', () => t.post('/activity/pay', body, user.auth))).status).toBe(504);
    const [attempt] = await t.db.query<{ cod_oper: string }>('select cod_oper from transactions where link_code = $1', [code]);
    expect(await t.post('/activity/pay', body, user.auth)).toMatchObject({ status: 200, data: { activityResult: { status: 1, codOper: attempt?.cod_oper } } });
    expect(await chargesAt('card', [attempt?.cod_oper ?? ''])).toBe(1);
  });

  it('a subscription activation whose charge\'s answer was lost answers 504, and the reconciler alone finds it charged and activates the subscription', async () => {
    const { key, send } = await newSubscriptionPayment(randomUUID());
    // The card is saved; the charge's answer is the one lost.
    expect((await withFault('card', 'lost_answer', send, 'authorize')).status).toBe(504);
    expect((await t.get(`/subscriptions/${key}`)).data).toMatchObject({ status: 0 });
    await reconcileAll();
    expect((await subscriptionRows(key)).map((r) => r.status)).toEqual([1]);
    expect(await t.get(`/subscriptions/${key}`)).toMatchObject({ status: 409, data: { code: 'request_already_paid' } });
  });
});

describe('faults between a payment the payer completes elsewhere and its gateway', () => {
  const cases = (['yappy', 'clave', 'crypto'] as const).flatMap((method) => ALL_FAULTS.map((fault) => [method, fault] as const));
  it.each(cases)('%s, %s: one charge at most, the in-doubt attempt settled by the reconciler, the retry pays once', async (method, fault) => {
    const { port, pay, payerPays, charges } = PAYER_METHODS[method];
    const code = await newLink(t);
    const trackId = randomUUID();
    const first = await withFault(port, fault, () => pay(code, trackId));
    // No answer or a broken one: 504, checked by the reconciler; the database gone: the 503 of every request then.
    expect(first.status).toBe(fault === 'database_lost' ? 503 : 504);
    const rows = await reconciled(code);
    expect(rows.filter((r) => r.auth_status === 'PROCESSING')).toEqual([]);
    const retry = await pay(code, trackId);
    expect(retry.status).toBe(200);
    await payerPays(retry);
    const after = await t.db.query<{ cod_oper: string; status: number; auth_status: string }>('select cod_oper, status, auth_status from transactions where link_code = $1', [code]);
    const made = await charges(after.map((r) => r.cod_oper).concat(rows.map((r) => r.cod_oper)));
    const pending = after.filter((r) => r.auth_status === 'PROCESSING').length;
    table.push(`${method} | ${fault} | ${first.status} | ${made} | 1 | ${pending}`);
    expect(made).toBe(1);
    expect(after.map((r) => r.status)).toEqual([1]);
    expect(pending).toBe(0);
  });
});

describe('gateway events', () => {
  it('delivered twice and out of order change the payment once', async () => {
    const code = await newLink(t);
    const codOper = String((await t.post('/nequi/push', { code, phone: '63333333' })).data['codOper']);
    const approved = { id: `test:${codOper}:approved`, key: codOper, kind: 'push' as const, answer: { state: 'approved' as const } };
    const { receiveGatewayEvent } = await import('./receiveGatewayEvent');
    const deps = { db: t.db, gateways: t.gateways };
    expect((await receiveGatewayEvent(deps, approved))?.kind).toBe('settled');
    expect((await receiveGatewayEvent(deps, approved))?.kind).toBe('repeated');
    // An older "still waiting" and a "declined" arriving late change nothing.
    expect((await receiveGatewayEvent(deps, { id: `test:${codOper}:waiting`, key: codOper, kind: 'push', answer: { state: 'waiting' } }))?.kind).toBe('finished');
    expect((await receiveGatewayEvent(deps, { id: `test:${codOper}:declined`, key: codOper, kind: 'push', answer: { state: 'declined' } }))?.kind).toBe('finished');
    const [row] = await t.db.query<{ status: number }>('select status from transactions where cod_oper = $1', [codOper]);
    expect(row?.status).toBe(1);
    const events = await t.db.query('select 1 from gateway_events where attempt_key = $1', [codOper]);
    expect(events).toHaveLength(3);
  });
});
