import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { nextSubscriptionChargeDate, payerDateText } from '@pasarela/core';
import { tokenizedCardPayload, cardPayloadOf, createTestApp, newLink, savedTestCard, testCardNumber, type TestApp } from '../../../test/testApp';
import { statementLog } from '../../../test/statementLog';
import { chargeDueSubscriptions } from '../../payments/chargeDueSubscription';
import { cancelSubscription } from '../../payments/cancelSubscription';
import { merchantTransactionOf, type TransactionFacts } from '../../merchantView/merchantTransaction';

// An active subscription is neither offered nor charged again; a plan that does not charge at once
// (chargeNow false) charges nothing at activation, and its first charge comes when it is due.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface NewSubscription { key: string; idSubscription: number; idMerchant: number; amount: number }
async function newSubscriptionOf(plan: { amount: number; chargeNow: boolean; merchantId?: number }, email = 'socia@example.com'): Promise<NewSubscription> {
  const created = await t.admin('POST', '/plans', { name: 'Club', period: 'MO', ...plan });
  const sub = await t.post('/subscriptions', { idPlan: created.json['idPlan'], email });
  const idMerchant = Number((sub.data['plan'] as { idMerchant: number }).idMerchant);
  return { key: String(sub.data['subscriptionKey']), idSubscription: Number(sub.data['idSubscription']), idMerchant, amount: plan.amount };
}
const subscriptions = new Map<string, NewSubscription>();
async function newSubscription(plan: { amount: number; chargeNow: boolean; merchantId?: number }, email?: string): Promise<string> {
  const sub = await newSubscriptionOf(plan, email);
  subscriptions.set(sub.key, sub);
  return sub.key;
}
const card = async (seed = randomUUID()) => (await tokenizedCardPayload('x', { cardNumber: testCardNumber(seed) })).cardInformation;
/**
 * SPEC 7 "POST subscription payment via process tx (requestPay with card info,
 * activateSubscription{idSubscription, subscriptionKey}, serviceCode, idMerchant)", as the widget sends it.
 */
function processTx(key: string, pay: { cardInformation: Awaited<ReturnType<typeof card>>; trackId: string }, patch: Record<string, unknown> = {}) {
  const sub = subscriptions.get(key);
  if (!sub) throw new Error(`no subscription ${key}`);
  const requestPay = { ...cardPayloadOf(key, { token: '', brand: 'VISA', expMonth: 12, expYear: 2034 }, { amount: sub.amount, taxAmount: 0, trackId: pay.trackId }), cardInformation: pay.cardInformation, serviceCode: 'REC', transactionsType: 'REC', txChannel: 'EPR' };
  return { requestPay, activateSubscription: { idSubscription: sub.idSubscription, subscriptionKey: key }, serviceCode: 'REC', idMerchant: sub.idMerchant, ...patch };
}
const paySubscription = (key: string, pay: { cardInformation: Awaited<ReturnType<typeof card>>; trackId: string }) => t.post('/process-tx', processTx(key, pay));
const charges = async (key: string) =>
  t.db.query<{ amount_cents: number; status: number; details: Record<string, unknown> }>(
    "select amount_cents, status, details from transactions where details->>'subscriptionKey' = $1 order by id", [key]);

describe('an active subscription', () => {
  it('is not offered by the lookup, and a second payment is refused (409 request_already_paid) and charges nothing', async () => {
    const key = await newSubscription({ amount: 9, chargeNow: true });
    expect((await t.get(`/subscriptions/${key}`)).data).toMatchObject({ status: 0 });
    const first = await paySubscription(key, { cardInformation: await card(), trackId: randomUUID() });
    expect(first.data).toMatchObject({ status: 1, appliedNow: true });
    expect(await t.get(`/subscriptions/${key}`)).toMatchObject({ status: 409, data: { code: 'request_already_paid' } });
    const second = await paySubscription(key, { cardInformation: await card(), trackId: randomUUID() });
    expect(second).toMatchObject({ status: 409, data: { code: 'request_already_paid' } });
    expect((await charges(key)).map((c) => c.amount_cents)).toEqual([900]);
  });

  it('opened again, its page names the shop and says it is active, with its amount (issue 96)', async () => {
    const key = await newSubscription({ amount: 9.5, chargeNow: true });
    expect((await t.get(`/payment-info/shop?type=subs&code=${key}`)).data).toMatchObject({ active: null });
    await paySubscription(key, { cardInformation: await card(), trackId: randomUUID() });
    const shop = await t.get(`/payment-info/shop?type=subs&code=${key}`);
    expect(shop.status).toBe(200);
    expect(typeof shop.data['name']).toBe('string');
    expect(shop.data['name']).not.toBe('');
    expect(shop.data['active']).toEqual({ amount: 9.5, period: 'MO', currency: 'USD' });
    expect((await t.get('/payment-info/shop?type=subs&code=no-such-key')).status).toBe(404);
  });

  // Issue 93: a Colombian merchant's plan is priced and charged in whole pesos, and its page says so.
  it('a plan of a Colombian merchant is charged in pesos, and its page says it in pesos', async () => {
    const merchant = await t.admin('POST', '/merchants', { name: 'Club Bogotá', country: 'CO' });
    const merchantId = Number(merchant.json['idMerchant']);
    const centavos = await t.admin('POST', '/plans', { name: 'Club', period: 'MO', amount: 50_000.5, chargeNow: true, merchantId });
    expect([centavos.status, centavos.json['code']]).toEqual([400, 'invalid_amount']);
    const key = await newSubscription({ amount: 50_000, chargeNow: true, merchantId });
    const paid = await paySubscription(key, { cardInformation: await card(), trackId: randomUUID() });
    expect(paid.data).toMatchObject({ status: 1, appliedNow: true });
    const [charge] = await t.db.query<{ amount_cents: number; currency: string }>("select amount_cents, currency from transactions where details->>'subscriptionKey' = $1", [key]);
    expect(charge).toEqual({ amount_cents: 5_000_000, currency: 'COP' });
    expect((await t.get(`/payment-info/shop?type=subs&code=${key}`)).data['active']).toEqual({ amount: 50_000, period: 'MO', currency: 'COP' });
  });

  it('two payments seconds apart (different trackIds, at once) charge it once', async () => {
    const key = await newSubscription({ amount: 9, chargeNow: true });
    const answers = await Promise.all([1, 2, 3].map(async () => paySubscription(key, { cardInformation: await card(), trackId: randomUUID() })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    // The two that lost were refused before their attempt, or authorized and then voided at the
    // processor (called off, charged nowhere), depending on when they arrived.
    const rows = await charges(key);
    expect(rows.filter((r) => r.status === 1)).toHaveLength(1);
    for (const lost of rows.filter((r) => r.status !== 1)) expect(lost.details['cancelReason']).toBe('paid_elsewhere');
  });

  it('the payment that activated it, sent again with its trackId, answers what it did', async () => {
    const key = await newSubscription({ amount: 9, chargeNow: true });
    const body = { cardInformation: await card(), trackId: randomUUID() };
    const first = await paySubscription(key, body);
    expect(await paySubscription(key, body)).toMatchObject({ status: 200, data: first.data });
    expect(await paySubscription(key, { ...body, cardInformation: await card() })).toMatchObject({ status: 409, data: { code: 'track_id_reused' } });
  });

  // SPEC 4 "Subscription: status 1 or -1 passes, otherwise the decline message shows": -1 is not the
  // decline (the payer goes on to the bank's page), but only the approval activates the subscription.
  it('a payment left pending (status -1) passes but activates nothing until it is approved', async () => {
    const key = await newSubscription({ amount: 9, chargeNow: true });
    const pending = await paySubscription(key, { cardInformation: (await tokenizedCardPayload('x', { cardNumber: '4000000000000259' })).cardInformation, trackId: randomUUID() });
    expect(pending.data).toMatchObject({ status: -1 });
    expect((await t.get(`/subscriptions/${key}`)).data).toMatchObject({ status: 0 });
  });

  it.each([
    ['approve', { status: 1, authStatus: 'APPROVED' }, 409, 1],
    ['fail', { status: 0, authStatus: 'AUTHENTICATION_FAILED' }, 200, 0],
  ] as const)('a 3DS first payment whose challenge answers %s: the charge %j, the subscription activated only when approved', async (result, outcome, lookup, renewals) => {
    const key = await newSubscription({ amount: 9, chargeNow: true });
    const atChallenge = await paySubscription(key, { cardInformation: (await tokenizedCardPayload('x', { cardNumber: '4000000000003220' })).cardInformation, trackId: randomUUID() });
    expect(atChallenge.data).toMatchObject({ status: -1, authStatus: 'PENDING_3DS' });
    const codOper = String(atChallenge.data['codOper']);
    // Waiting at the challenge: still pending and offered.
    expect((await t.get(`/subscriptions/${key}`)).data).toMatchObject({ status: 0 });
    const answered = await t.app.request(`/sandbox/3ds/${new URL(String(atChallenge.data['redirectUrl'])).pathname.split('/').pop() ?? ''}`,
      { method: 'POST', body: new URLSearchParams({ result }), headers: { accept: 'application/json' } });
    expect(answered.status).toBe(200);
    // Approved: the first period charged and kept (never called off as paid elsewhere); failed: nothing charged.
    expect((await t.get(`/receipts/${codOper}`)).data).toMatchObject(outcome);
    expect((await t.get(`/receipts/${codOper}`)).data['cancelReason']).toBeUndefined();
    expect((await t.get(`/subscriptions/${key}`)).status).toBe(lookup);
    // Due now: only an active subscription's card is charged again.
    await t.db.query("update subscriptions set next_charge_at = now() - interval '1 second' where subscription_key = $1", [key]);
    await chargeDueSubscriptions(t);
    expect((await charges(key)).filter((c) => c.details['renewal'] === true)).toHaveLength(renewals);
  });

  it('two 3DS first payments both approved: the first approval activates it, the other is called off and charges nothing', async () => {
    const key = await newSubscription({ amount: 9, chargeNow: true });
    const challenges: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 2; i++) {
      const cardInformation = (await tokenizedCardPayload('x', { cardNumber: '4000000000003220' })).cardInformation;
      challenges.push((await paySubscription(key, { cardInformation, trackId: randomUUID() })).data);
    }
    expect(challenges.map((c) => c['authStatus'])).toEqual(['PENDING_3DS', 'PENDING_3DS']);
    const approve = (c: Record<string, unknown>) => t.app.request(`/sandbox/3ds/${new URL(String(c['redirectUrl'])).pathname.split('/').pop() ?? ''}`,
      { method: 'POST', body: new URLSearchParams({ result: 'approve' }), headers: { accept: 'application/json' } });
    for (const c of challenges) await approve(c);
    const [first, second] = await Promise.all(challenges.map(async (c) => (await t.get(`/receipts/${String(c['codOper'])}`)).data));
    expect(first).toMatchObject({ status: 1, authStatus: 'APPROVED' });
    expect(second).toMatchObject({ authStatus: 'CANCELLED' });
    expect((await charges(key)).map((c) => [c.status, c.details['cancelReason'] ?? null])).toEqual([[1, null], [0, 'paid_elsewhere']]);
    // What the processor took for the second is given back.
    const book = await t.simulator.books.read<unknown, { status?: string; voided?: boolean; refundedCents?: number }>('card', String(challenges[1]?.['codOper']));
    expect(book?.state.voided === true || (book?.state.refundedCents ?? 0) > 0).toBe(true);
    expect((await t.get(`/subscriptions/${key}`)).status).toBe(409);
  });

  it('a declined card leaves it pending and payable', async () => {
    const key = await newSubscription({ amount: 9, chargeNow: true });
    const declined = await paySubscription(key, { cardInformation: (await tokenizedCardPayload('x', { cardNumber: '4000000000000002' })).cardInformation, trackId: randomUUID() });
    expect(declined.data).toMatchObject({ status: 0 });
    expect((await t.get(`/subscriptions/${key}`)).data).toMatchObject({ status: 0 });
    expect((await paySubscription(key, { cardInformation: await card(), trackId: randomUUID() })).data).toMatchObject({ status: 1 });
  });
});

describe('a plan that does not charge at once (chargeNow false)', () => {
  it('validates the card at activation without charging, and charges the plan when due', async () => {
    const key = await newSubscription({ amount: 3.5, chargeNow: false });
    const paid = await paySubscription(key, { cardInformation: await card(), trackId: randomUUID() });
    expect(paid.data).toMatchObject({ status: 1, appliedNow: false });
    const receipt = await t.get(`/receipts/${String(paid.data['codOper'])}`);
    expect(receipt.data).toMatchObject({ totalPay: 0 });
    // Its receipt tells the plan: how much, how often (SPEC 9 code), and the first charge, the date the activation set.
    const [first] = await t.db.query<{ next_charge_at: Date }>('select next_charge_at from subscriptions where subscription_key = $1', [key]);
    expect(receipt.data['subscription']).toEqual({ amount: 3.5, period: 'MO', nextChargeAt: first?.next_charge_at.toISOString(), cancelled: false });
    expect((await charges(key)).map((c) => [c.amount_cents, c.details['validationOnly']])).toEqual([[0, true]]);
    // Not due yet: a sweep charges nothing.
    await chargeDueSubscriptions(t);
    expect(await charges(key)).toHaveLength(1);
    await t.db.query("update subscriptions set next_charge_at = now() - interval '1 second' where subscription_key = $1", [key]);
    await chargeDueSubscriptions(t);
    expect((await charges(key)).map((c) => c.amount_cents)).toEqual([0, 350]);
  });

  it('a plan that charges at once charges its amount at activation', async () => {
    const key = await newSubscription({ amount: 3.5, chargeNow: true });
    const paid = await paySubscription(key, { cardInformation: await card(), trackId: randomUUID() });
    expect((await charges(key)).map((c) => c.amount_cents)).toEqual([350]);
    // Once its shop cancelled it, its receipt says so and names no next charge.
    await cancelSubscription(t, subscriptions.get(key)?.idMerchant ?? 0, key);
    expect((await t.get(`/receipts/${String(paid.data['codOper'])}`)).data['subscription']).toEqual({ amount: 3.5, period: 'MO', nextChargeAt: null, cancelled: true });
  });
});

describe('a subscription\'s receipt', () => {
  it('is read in as many statements as a link payment\'s: the plan\'s terms in the link\'s place', async () => {
    const log = statementLog(t);
    const key = await newSubscription({ amount: 3.5, chargeNow: true });
    const paid = await paySubscription(key, { cardInformation: await card(), trackId: randomUUID() });
    const link = await newLink(t);
    const linkPaid = await t.post('/cards/auth-capture', await tokenizedCardPayload(link, { amount: 25, taxAmount: 1.75 }));
    const ofSubscription = await log.during(() => t.get(`/receipts/${String(paid.data['codOper'])}`));
    const ofLink = await log.during(() => t.get(`/receipts/${String(linkPaid.data['codOper'])}`));
    expect(ofSubscription.result.data['subscription']).toMatchObject({ amount: 3.5 });
    expect(ofLink.result.data['subscription']).toBeUndefined();
    expect(ofLink.result.status).toBe(200);
    expect(ofSubscription.statements).toHaveLength(3);
    expect(ofLink.statements).toHaveLength(3);
  });
});

describe('SPEC 7 "POST subscription payment via process tx": the body is checked before anything is charged', () => {
  it.each([
    ['another subscription\'s id', (b: Record<string, unknown>) => ({ activateSubscription: { ...(b['activateSubscription'] as object), idSubscription: 999_999 } }), 'invalid_arguments'],
    ['another merchant', () => ({ idMerchant: 999_999 }), 'invalid_arguments'],
    ['a card payment of another code', (b: Record<string, unknown>) => ({ requestPay: { ...(b['requestPay'] as object), code: 'LK-OTHER', codePay: 'LK-OTHER' } }), 'invalid_arguments'],
    ['a service code other than REC (SPEC 9 "subscription uses REC")', () => ({ serviceCode: 'LK' }), 'invalid_arguments'],
    ['an amount other than the plan\'s', (b: Record<string, unknown>) => ({ requestPay: { ...(b['requestPay'] as object), amount: 1 } }), 'invalid_amount'],
    ['no idMerchant', () => ({ idMerchant: undefined }), 'missing_arguments'],
  ])('%s: 400 %s, and the subscription stays pending', async (_case, patch, code) => {
    const key = await newSubscription({ amount: 9, chargeNow: true });
    const body = processTx(key, { cardInformation: await card(), trackId: randomUUID() });
    expect(await t.post('/process-tx', { ...body, ...patch(body) })).toMatchObject({ status: 400, data: { code } });
    expect(await charges(key)).toEqual([]);
    expect((await t.get(`/subscriptions/${key}`)).data).toMatchObject({ status: 0 });
  });

  it('v2 process tx activates as v1 does', async () => {
    const key = await newSubscription({ amount: 9, chargeNow: true });
    expect((await t.post('/v2/process-tx', processTx(key, { cardInformation: await card(), trackId: randomUUID() }))).data).toMatchObject({ status: 1, subscriptionKey: key });
    expect((await t.get(`/subscriptions/${key}`)).status).toBe(409);
  });

  it('a process tx without activateSubscription is still a card payment of a link', async () => {
    const code = await newLink(t);
    expect((await t.post('/process-tx', await tokenizedCardPayload(code))).data).toMatchObject({ status: 1 });
  });

  it('SPEC 8 "error_processing_request for an old-version tx failure": a REC payment (old version) whose gateway fails records nothing', async () => {
    const key = await newSubscription({ amount: 9, chargeNow: true });
    const failed = await paySubscription(key, { cardInformation: (await tokenizedCardPayload('x', { cardNumber: '4000000000000119' })).cardInformation, trackId: randomUUID() });
    expect(failed).toMatchObject({ status: 502, data: { code: 'error_processing_request' } });
    expect(await charges(key)).toEqual([]);
  });
});

describe('a saved card\'s payment activates the link\'s subscription (SPEC 7 activity pay "activateSubscription")', () => {
  let users = 0;
  async function wallet(cardNumber: string) {
    const login = `suscrita${++users}`;
    await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026', cards: [savedTestCard(cardNumber)] });
    const auth = { authorization: `Bearer ${String((await t.post('/users/login', { login, password: 'Segura#2026' })).data['token'])}` };
    const [saved] = ((await t.get('/users/me/cards', auth)).data['cards'] as Array<{ idRelCard: number }>).map((c) => c.idRelCard);
    return { auth, saved };
  }
  /** A link that carries a subscription (SPEC 3: idSubscription, and the key in additionalParamsUrlString). */
  async function linkWithSubscription() {
    const sub = await newSubscriptionOf({ amount: 9, chargeNow: true });
    const code = await newLink(t);
    await t.db.query('update payment_links set id_subscription = $1, additional_params = $2 where code = $3', [sub.idSubscription, `subscriptionKey=${sub.key}`, code]);
    return { code, sub, activate: { idSubscription: sub.idSubscription, subscriptionKey: sub.key } };
  }
  const body = (code: string, patch: Record<string, unknown>) => ({ sourceSearch: { paymentCode: code }, idUsrService: 0, txChannel: 'PWW', customFieldValues: [], trackId: randomUUID(), ...patch });

  it('the approved payment activates it with the saved card, charged next on its period', async () => {
    const { code, sub, activate } = await linkWithSubscription();
    const number = testCardNumber(randomUUID());
    const { auth, saved } = await wallet(number);
    expect(await t.post('/activity/pay', body(code, { idUsrCard: saved, useFunds: false, activateSubscription: activate }), auth)).toMatchObject({ status: 200, data: { activityResult: { status: 1 } } });
    const [row] = await t.db.query<{ status: number; card_last4: string; next_charge_at: Date | null }>('select status, card_last4, next_charge_at from subscriptions where id = $1', [sub.idSubscription]);
    expect(row).toMatchObject({ status: 1, card_last4: number.slice(-4) });
    expect(row?.next_charge_at).not.toBeNull();
    expect((await t.get(`/subscriptions/${sub.key}`)).status).toBe(409);
  });

  it('the payment that activates it names its subscription to the merchant (docs/webhooks.md subscriptionKey)', async () => {
    const { code, sub, activate } = await linkWithSubscription();
    const { auth, saved } = await wallet(testCardNumber(randomUUID()));
    const paid = await t.post('/activity/pay', body(code, { idUsrCard: saved, useFunds: false, activateSubscription: activate }), auth);
    expect(paid).toMatchObject({ status: 200, data: { activityResult: { status: 1 } } });
    const [row] = await t.db.query<TransactionFacts>("select * from transactions where link_code = $1 and details->>'activates' = 'true'", [code]);
    expect(row && merchantTransactionOf(row).subscriptionKey).toBe(sub.key);
  });

  it('without activateSubscription the same payment leaves it pending', async () => {
    const { code, sub } = await linkWithSubscription();
    const { auth, saved } = await wallet(testCardNumber(randomUUID()));
    expect((await t.post('/activity/pay', body(code, { idUsrCard: saved, useFunds: false }), auth)).status).toBe(200);
    expect((await t.get(`/subscriptions/${sub.key}`)).data).toMatchObject({ status: 0 });
  });

  it('a subscription that is not the link\'s is refused (400) before anything is charged; an active one is 409', async () => {
    const { code } = await linkWithSubscription();
    const other = await newSubscriptionOf({ amount: 9, chargeNow: true });
    const { auth, saved } = await wallet(testCardNumber(randomUUID()));
    const refused = await t.post('/activity/pay', body(code, { idUsrCard: saved, useFunds: false, activateSubscription: { idSubscription: other.idSubscription, subscriptionKey: other.key } }), auth);
    expect(refused).toMatchObject({ status: 400, data: { code: 'invalid_arguments' } });
    const { code: paidLink, activate } = await linkWithSubscription();
    await t.db.query('update subscriptions set status = 1 where id = $1', [activate.idSubscription]);
    expect(await t.post('/activity/pay', body(paidLink, { idUsrCard: saved, useFunds: false, activateSubscription: activate }), auth)).toMatchObject({ status: 409, data: { code: 'request_already_paid' } });
    const rows = await t.db.query<{ n: number }>('select count(*)::int as n from transactions where link_code = any($1)', [[code, paidLink]]);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('SPEC 4 "Paying with balance as a subscription activation is skipped"', async () => {
    const { code, sub, activate } = await linkWithSubscription();
    const { auth } = await wallet(testCardNumber(randomUUID()));
    const [user] = await t.db.query<{ id: number }>("select id from users where login = $1", [`suscrita${users}`]);
    await t.db.query('update users set balance_cents = 10000 where id = $1', [user?.id]);
    expect(await t.post('/activity/pay', body(code, { idUsrCard: null, useFunds: true, activateSubscription: activate }), auth)).toMatchObject({ status: 200, data: { activityResult: { status: 1 } } });
    expect((await t.get(`/subscriptions/${sub.key}`)).data).toMatchObject({ status: 0 });
  });
});

describe("each approved subscription charge mails the subscriber its receipt, once", () => {
  const receiptsTo = async (to: string) => ((await t.admin('GET', `/mailbox?to=${encodeURIComponent(to)}`)).json['messages'] as Array<{ kind: string; subject: string; body: string }>)
    .filter((m) => m.kind === 'receipt');
  /** The payment as the widget sends it, with the e-mail the payer typed. */
  const payAs = (email: string, key: string, pay: { cardInformation: Awaited<ReturnType<typeof card>>; trackId: string }) => {
    const body = processTx(key, pay);
    return t.post('/process-tx', { ...body, requestPay: { ...body.requestPay, email } });
  };
  /** The timer's sweep, which knows the checkout's public origin its receipts link to. */
  const sweep = () => chargeDueSubscriptions({ ...t, publicOrigin: 'http://checkout.test' });

  it('the first charge and each renewal, with its amount; a repeated payment mails nothing more', async () => {
    const email = `recibos-${randomUUID()}@example.com`;
    const key = await newSubscription({ amount: 4.25, chargeNow: true }, email);
    const body = { cardInformation: await card(), trackId: randomUUID() };
    const first = await payAs(email, key, body);
    expect(first.data).toMatchObject({ status: 1 });
    await payAs(email, key, body);
    let receipts = await receiptsTo(email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.body).toContain('$4.25');
    expect(receipts[0]?.body).toContain(String(first.data['codOper']));
    // SPEC 9 "MO monthly": its schedule starts at the activation, the next charge the same day of the next month.
    const [active] = await t.db.query<{ next_charge_at: Date; charge_anchor_at: Date }>('select next_charge_at, charge_anchor_at from subscriptions where subscription_key = $1', [key]);
    expect(active?.next_charge_at.toISOString()).toBe(nextSubscriptionChargeDate('MO', active?.charge_anchor_at.getTime() ?? 0).toISOString());
    // The receipt says how much and how often, the next charge, and how to end it (its shop cancels it).
    const next = payerDateText(active?.next_charge_at ?? 0, 'es', { time: false });
    const [every, nextLine, cancel] = receipts[0]?.body.split('\n').slice(-3) ?? [];
    const shop = /^Tu suscripción a (.+) está activa: \$4\.25 cada mes\.$/.exec(every ?? '')?.[1];
    expect(shop).toBeTruthy();
    expect(nextLine).toBe(`Próximo cobro de tu suscripción: $4.25 el ${next}.`);
    expect(cancel).toBe(`Para cancelar tu suscripción, pídeselo a ${shop}: la tienda la cancela y no se te cobrará más.`);
    await t.db.query("update subscriptions set next_charge_at = now() - interval '1 second' where subscription_key = $1", [key]);
    await sweep();
    await sweep();
    receipts = await receiptsTo(email);
    expect(receipts).toHaveLength(2);
    const renewal = (await charges(key)).filter((c) => c.details['renewal'] === true);
    expect(renewal).toHaveLength(1);
  });

  it('a renewal\'s receipt goes to the e-mail the payer typed at the first payment, not the subscription\'s own', async () => {
    const created = `creada-${randomUUID()}@example.com`;
    const typed = `tecleada-${randomUUID()}@example.com`;
    const key = await newSubscription({ amount: 2.5, chargeNow: true }, created);
    expect((await payAs(typed, key, { cardInformation: await card(), trackId: randomUUID() })).data).toMatchObject({ status: 1 });
    await t.db.query("update subscriptions set next_charge_at = now() - interval '1 second' where subscription_key = $1", [key]);
    await sweep();
    expect(await receiptsTo(typed)).toHaveLength(2);
    expect(await receiptsTo(created)).toHaveLength(0);
  });

  // A payer whose plan charges when due was mailed nothing: no word that the subscription started, nor when it first charges.
  it('a card validated without a charge (chargeNow false) mails once that the subscription started, nothing charged, and its first charge; that charge when due mails its receipt', async () => {
    const email = `validada-${randomUUID()}@example.com`;
    const key = await newSubscription({ amount: 3.1, chargeNow: false }, email);
    const pay = { cardInformation: await card(), trackId: randomUUID() };
    const started = await payAs(email, key, pay);
    expect(started.data).toMatchObject({ status: 1 });
    // The same request again (its trackId) mails nothing more.
    expect((await payAs(email, key, pay)).data).toMatchObject({ status: 1 });
    const [firstCharge] = await t.db.query<{ next_charge_at: Date }>('select next_charge_at from subscriptions where subscription_key = $1', [key]);
    const mails = await receiptsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Tu suscripción .+ está activa$/);
    expect(mails[0]?.body).toContain(`hoy no se cobró nada. El primer cobro, de $3.10, será el ${payerDateText(firstCharge?.next_charge_at ?? 0, 'es', { time: false })}.`);
    expect(mails[0]?.body).toContain(`/${key}/receive?Oper=${String(started.data['codOper'])}`);
    expect(mails[0]?.body).toMatch(/\nTu suscripción a .+ está activa: \$3\.10 cada mes\.\nPara cancelar tu suscripción, pídeselo a .+: la tienda la cancela y no se te cobrará más\.$/);
    await t.db.query("update subscriptions set next_charge_at = now() - interval '1 second' where subscription_key = $1", [key]);
    await sweep();
    const receipts = (await receiptsTo(email)).filter((m) => m.subject.startsWith('Comprobante de pago '));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.body).toContain('$3.10');
  });
});

describe('each subscription charge names its subscription to the merchant (docs/webhooks.md, docs/merchant-api.md subscriptionKey)', () => {
  it('the first payment and a renewal: their webhook events and the verify call carry the subscription key; a link payment carries null', async () => {
    await t.db.query("update merchants set webhook_url = 'https://shop.example/hooks', webhook_secret = coalesce(webhook_secret, 'whsec_test') where id = 1 and webhook_url is null");
    const key = await newSubscription({ amount: 5.5, chargeNow: true });
    expect((await paySubscription(key, { cardInformation: await card(), trackId: randomUUID() })).data).toMatchObject({ status: 1 });
    await t.db.query("update subscriptions set next_charge_at = now() - interval '1 second' where subscription_key = $1", [key]);
    await chargeDueSubscriptions(t);
    const rows = await t.db.query<TransactionFacts & { cod_oper: string; details: Record<string, unknown> }>("select * from transactions where details->>'subscriptionKey' = $1 order by id", [key]);
    expect(rows.map((r) => r.details['renewal'] === true)).toEqual([false, true]);
    for (const row of rows) {
      const listed = await t.admin('GET', `/webhooks?codOper=${row.cod_oper}`);
      const events = (listed.json['webhooks'] as Array<{ body: { type: string; data: Record<string, unknown> } }>).map((w) => w.body);
      expect(events.filter((e) => e.type === 'transaction.approved').map((e) => [e.data['subscriptionKey'], e.data['linkCode']])).toEqual([[key, null]]);
      // The verify call's shape, from the payment's row.
      expect(merchantTransactionOf(row).subscriptionKey).toBe(key);
    }
    const linkPayment = await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(t, { amount: 12.5 }), { amount: 12.5 }));
    const [linkRow] = await t.db.query<TransactionFacts>('select * from transactions where cod_oper = $1', [String(linkPayment.data['codOper'])]);
    expect(linkRow && merchantTransactionOf(linkRow).subscriptionKey).toBeNull();
  });
});
