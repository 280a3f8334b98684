import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMerchantApi, type TestMerchant } from '../../../test/merchantApiSetup';
import { tokenizedCardPayload, testCardNumber } from '../../../test/testApp';
import { chargeDueSubscriptions } from '../../payments/chargeDueSubscription';
import { activateSubscription, makeSubscriptionDue } from '../../store/catalog';

// docs/merchant-api.md "Subscriptions": a merchant lists, reads and cancels its own subscriptions; a
// cancelled one is never charged again, and its checkout takes no payment.

const s = useMerchantApi();

async function planOf(merchant: TestMerchant, amount = 12.34): Promise<number> {
  const plan = await s.t.admin('POST', '/plans', { merchantId: merchant.id, name: 'Plan mensual', amount, period: 'MO' });
  expect(plan.status).toBe(201);
  return Number(plan.json['idPlan']);
}
async function subscribe(idPlan: number, email = 'socia@example.com'): Promise<string> {
  const created = await s.t.post('/subscriptions', { idPlan, email });
  return String(created.data['subscriptionKey']);
}
const card = async () => (await tokenizedCardPayload('x', { cardNumber: testCardNumber(randomUUID()) })).cardInformation;
const pay = async (key: string) => s.t.post(`/subscriptions/${key}/pay`, { cardInformation: await card(), trackId: randomUUID() });
const charges = async (key: string) => (await s.t.db.query<{ n: number }>("select count(*)::int as n from transactions where details->>'subscriptionKey' = $1", [key]))[0]?.n;
const cancel = (merchant: TestMerchant, key: string) => s.api.call('POST', `/subscriptions/${key}/cancel`, { key: merchant.key });

describe('POST /subscriptions/:subscriptionKey/cancel', () => {
  it('ends the merchant\'s active subscription: cancelled, no next charge; cancelling again answers the same', async () => {
    const m = await s.newMerchant('Club de Lectura');
    const idPlan = await planOf(m);
    const key = await subscribe(idPlan);
    expect((await pay(key)).data).toMatchObject({ status: 1 });
    const before = await s.api.call('GET', `/subscriptions/${key}`, { key: m.key });
    expect(before).toMatchObject({ status: 200, json: { subscriptionKey: key, status: 'active', cancelledAt: null, nextChargeAt: expect.any(String) } });

    const first = await cancel(m, key);
    expect(first).toMatchObject({ status: 200, json: {
      subscriptionKey: key, plan: { idPlan, name: 'Plan mensual', amount: 12.34, period: 'MO', currency: 'USD' }, email: 'socia@example.com',
      status: 'cancelled', nextChargeAt: null, createdAt: before.json['createdAt'], cancelledAt: expect.any(String),
    } });
    const again = await cancel(m, key);
    expect(again).toEqual({ ...again, status: 200, json: first.json });
    expect((await s.api.call('GET', `/subscriptions/${key}`, { key: m.key })).json).toEqual(first.json);
  });

  it('cancels a pending one too', async () => {
    const m = await s.newMerchant('Gimnasio');
    const key = await subscribe(await planOf(m));
    expect(await cancel(m, key)).toMatchObject({ status: 200, json: { status: 'cancelled', nextChargeAt: null } });
  });

  it('another merchant\'s subscription, or none, is 404 subscription_not_found, and stays as it was', async () => {
    const [owner, other] = [await s.newMerchant('Dueño'), await s.newMerchant('Otro')];
    const key = await subscribe(await planOf(owner));
    await pay(key);
    for (const path of [`/subscriptions/${key}/cancel`, '/subscriptions/SUBNOSUCH00000/cancel']) {
      expect(await s.api.call('POST', path, { key: other.key })).toMatchObject({ status: 404, json: { code: 'subscription_not_found' } });
    }
    expect(await s.api.call('GET', `/subscriptions/${key}?lang=en`, { key: other.key })).toMatchObject({ status: 404, json: { code: 'subscription_not_found', message: 'You have no subscription with that key' } });
    expect((await s.api.call('GET', `/subscriptions/${key}`, { key: owner.key })).json).toMatchObject({ status: 'active' });
  });

  it('no charge falls due after the cancel: not by the timer, not by the sandbox\'s due call', async () => {
    const m = await s.newMerchant('Revista');
    const key = await subscribe(await planOf(m));
    await pay(key);
    expect(await charges(key)).toBe(1);
    // Due a second ago, then cancelled before any timer claims it.
    await s.t.db.query("update subscriptions set next_charge_at = now() - interval '1 second' where subscription_key = $1", [key]);
    await cancel(m, key);
    await chargeDueSubscriptions(s.t);
    expect(await s.t.admin('POST', `/subscriptions/${key}/due`, undefined, { 'accept-language': 'es' }))
      .toMatchObject({ status: 409, json: { code: 'subscription_cancelled', message: 'La suscripción fue cancelada: ningún cobro suyo puede vencer' } });
    await chargeDueSubscriptions(s.t);
    expect(await charges(key)).toBe(1);
  });

  // Two connections at once: only PostgreSQL runs them in parallel.
  it.skipIf(!process.env['TEST_DATABASE_URL'])('the sandbox\'s due call racing a cancel leaves the cancelled one with no next charge', async () => {
    const m = await s.newMerchant('Carrera');
    const key = await subscribe(await planOf(m));
    await pay(key);
    let due: ReturnType<typeof makeSubscriptionDue> | undefined;
    await s.t.db.transaction(async (tx) => {
      await tx.query('update subscriptions set status = 2, cancelled_at = now(), next_charge_at = null where subscription_key = $1', [key]);
      // The due call reads it active and waits for the cancel's lock.
      due = makeSubscriptionDue(s.t.db, key, m.id);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await due).toEqual({ kind: 'cancelled' });
    const [row] = await s.t.db.query<{ status: number; next_charge_at: Date | null }>('select status, next_charge_at from subscriptions where subscription_key = $1', [key]);
    expect(row).toEqual({ status: 2, next_charge_at: null });
  });

  it('the payer\'s checkout of a cancelled subscription says the shop cancelled it (409 subscription_cancelled_by_shop) and takes no payment (404 error_to_load)', async () => {
    const m = await s.newMerchant('Podcast');
    const key = await subscribe(await planOf(m));
    expect((await s.t.get(`/subscriptions/${key}`)).status).toBe(200);
    await cancel(m, key);
    expect(await s.t.get(`/subscriptions/${key}`)).toMatchObject({ status: 409, data: { code: 'subscription_cancelled_by_shop', message: 'La tienda canceló esta suscripción: no se te cobrará nada' } });
    expect(await s.t.get(`/subscriptions/${key}?lang=en`)).toMatchObject({ status: 409, data: { code: 'subscription_cancelled_by_shop', message: 'The shop cancelled this subscription: nothing will be charged' } });
    // Its page names the shop, as a paid link's does.
    expect(await s.t.get(`/payment-info/shop?type=subs&code=${key}`)).toMatchObject({ status: 200, data: { name: 'Podcast', active: null } });
    expect(await pay(key)).toMatchObject({ status: 404, data: { code: 'error_to_load' } });
    expect(await charges(key)).toBe(0);
    expect((await s.api.call('GET', `/subscriptions/${key}`, { key: m.key })).json).toMatchObject({ status: 'cancelled', nextChargeAt: null });
  });
});

// docs/webhooks.md "Events": subscription.cancelled, recorded with the cancel's conditional write (the
// outbox), once however often the cancel is repeated, and in the change feed like every event.
describe('the subscription.cancelled event', () => {
  const cancelEvents = async (merchant: TestMerchant) => ((await s.api.call('GET', '/events', { key: merchant.key })).json['data'] as Array<{ type: string; data: unknown }>)
    .filter((e) => e.type === 'subscription.cancelled');

  it('is recorded once, its data the subscription as GET /subscriptions/:key answers it', async () => {
    const m = await s.newMerchant('Boletín');
    const key = await subscribe(await planOf(m));
    await pay(key);
    expect(await cancelEvents(m)).toEqual([]);
    const first = await cancel(m, key);
    await cancel(m, key);
    await s.api.call('POST', `/subscriptions/${key}/cancel`, { key: m.key, headers: { 'idempotency-key': 'cancel-boletin' } });
    const events = await cancelEvents(m);
    expect(events).toEqual([expect.objectContaining({ type: 'subscription.cancelled', apiVersion: expect.any(String), id: expect.stringMatching(/^evt_/), data: first.json })]);
    expect(events[0]?.data).toEqual((await s.api.call('GET', `/subscriptions/${key}`, { key: m.key })).json);
    expect(await s.t.db.query("select count(*)::int as n from webhook_events where merchant_id = $1 and event_type = 'subscription.cancelled'", [m.id])).toEqual([{ n: 1 }]);
  });

  it('is not recorded for another merchant\'s subscription, nor for a missing one', async () => {
    const [owner, other] = [await s.newMerchant('Dueña'), await s.newMerchant('Ajena')];
    const key = await subscribe(await planOf(owner));
    await cancel(other, key);
    await cancel(other, 'SUBNOSUCH00000');
    expect([await cancelEvents(owner), await cancelEvents(other)]).toEqual([[], []]);
  });
});

describe('a first payment approved after the cancel', () => {
  it('does not activate the cancelled subscription: the activation is a conditional write on a pending one', async () => {
    const m = await s.newMerchant('Carrera');
    const key = await subscribe(await planOf(m));
    await cancel(m, key);
    const [row] = await s.t.db.query<{ id: number }>('select id from subscriptions where subscription_key = $1', [key]);
    const card = { token: 'tok_kept', customer: null, brand: 'VISA', last4: '4242', payerName: 'ANA PRUEBA', email: 'ana@example.com', lang: 'es' as const };
    expect(await activateSubscription(s.t.db, row?.id ?? 0, card)).toBe('cancelled');
    expect((await s.api.call('GET', `/subscriptions/${key}`, { key: m.key })).json).toMatchObject({ status: 'cancelled', nextChargeAt: null });
    expect(await s.t.db.query('select card_token from subscriptions where subscription_key = $1', [key])).toEqual([{ card_token: null }]);
  });
});

describe('GET /subscriptions', () => {
  it('lists the merchant\'s own, newest first, page by page, by status and e-mail', async () => {
    const [m, other] = [await s.newMerchant('Suscripciones'), await s.newMerchant('Ajeno')];
    const idPlan = await planOf(m, 5);
    const keys = [await subscribe(idPlan, 'ana@example.com'), await subscribe(idPlan, 'Beto@Example.com'), await subscribe(idPlan, 'ana@example.com')];
    await subscribe(await planOf(other), 'ana@example.com');
    await pay(keys[1] ?? '');
    await cancel(m, keys[2] ?? '');

    const all = await s.api.call('GET', '/subscriptions', { key: m.key });
    expect(all.status).toBe(200);
    expect((all.json['data'] as Array<{ subscriptionKey: string }>).map((x) => x.subscriptionKey)).toEqual([...keys].reverse());

    const first = await s.api.call('GET', '/subscriptions?limit=2', { key: m.key });
    expect(first.json).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    const second = await s.api.call('GET', `/subscriptions?limit=2&cursor=${String(first.json['nextCursor'])}`, { key: m.key });
    expect(second.json).toMatchObject({ hasMore: false, nextCursor: null, data: [{ subscriptionKey: keys[0] }] });

    const keysOf = async (query: string) => ((await s.api.call('GET', `/subscriptions?${query}`, { key: m.key })).json['data'] as Array<{ subscriptionKey: string }>).map((x) => x.subscriptionKey);
    expect(await keysOf('status=active')).toEqual([keys[1]]);
    expect(await keysOf('status=cancelled')).toEqual([keys[2]]);
    expect(await keysOf('status=pending')).toEqual([keys[0]]);
    expect(await keysOf('email=ANA@example.com')).toEqual([keys[2], keys[0]]);
    expect(await keysOf('email=beto@example.com&status=active')).toEqual([keys[1]]);

    expect(await s.api.call('GET', '/subscriptions?status=paused', { key: m.key })).toMatchObject({ status: 400, json: { code: 'invalid_arguments' } });
    // A cursor of another merchant's list is no cursor of this one.
    const theirs = await s.api.call('GET', `/subscriptions?limit=2&cursor=${String(first.json['nextCursor'])}`, { key: other.key });
    expect(theirs).toMatchObject({ status: 400, json: { code: 'invalid_arguments' } });
  });
});

describe('@pasarela/node', () => {
  it('subscriptions: list, retrieve, cancel', async () => {
    const m = await s.newMerchant('Cliente Node Suscripciones');
    const key = await subscribe(await planOf(m), 'node@example.com');
    const pasarela = s.nodeClient(m.key);
    expect((await pasarela.subscriptions.list({ status: 'pending', email: 'node@example.com' })).data.map((x) => x.subscriptionKey)).toEqual([key]);
    expect((await pasarela.subscriptions.retrieve(key)).status).toBe('pending');
    const cancelled = await pasarela.subscriptions.cancel(key);
    expect([cancelled.status, cancelled.nextChargeAt]).toEqual(['cancelled', null]);
    expect(await pasarela.subscriptions.cancel(key)).toEqual(cancelled);
  });
});
