import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMerchantApi, type TestMerchant } from '../../test/merchantApiSetup';
import { aroundCardAuthorize } from '../../test/gateways/cardAuthorize';
import { tokenizedCardPayload, testCardNumber } from '../../test/testApp';
import type { Database } from '../db/Database';
import { chargeDueSubscriptions } from './chargeDueSubscription';

// docs/merchant-api.md "Subscriptions": once the merchant's cancel has answered, no server starts
// another charge of it; only a renewal already on its way to the card processor may finish.

/** Run once, while the card processor is deciding the next authorization. */
let whileAuthorizing: (() => Promise<void>) | undefined;
/** The amounts of the authorizations that reached the card processor. */
const authorized: number[] = [];
/** When each authorization of an amount reached the card processor. */
const reachedAt: Array<{ amountCents: number; at: number }> = [];
const s = useMerchantApi({
  wrapGateways: aroundCardAuthorize(async (authorize, request) => {
    authorized.push(request.amountCents);
    reachedAt.push({ amountCents: request.amountCents, at: performance.now() });
    const run = whileAuthorizing;
    whileAuthorizing = undefined;
    if (run) await run();
    return authorize(request);
  }),
});

/** The database as the sweep sees it, running `afterCommit` once, right after the next transaction commits (the renewal's claim). */
function pausingAfterNextCommit(db: Database, afterCommit: () => Promise<void>): Database {
  let run: (() => Promise<void>) | undefined = afterCommit;
  return {
    kind: db.kind, sessionName: db.sessionName,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    listen: (channel, onPayload, onResume) => db.listen(channel, onPayload, onResume),
    close: () => db.close(),
    async transaction(fn, options) {
      const result = await db.transaction(fn, options);
      const then = run;
      run = undefined;
      if (then) await then();
      return result;
    },
  };
}

async function activeSubscription(m: TestMerchant): Promise<string> {
  const plan = await s.t.admin('POST', '/plans', { merchantId: m.id, name: 'Plan mensual', amount: 12.34, period: 'MO' });
  const created = await s.t.post('/subscriptions', { idPlan: Number(plan.json['idPlan']), email: 'socia@example.com' });
  const key = String(created.data['subscriptionKey']);
  const cardInformation = (await tokenizedCardPayload('x', { cardNumber: testCardNumber(randomUUID()) })).cardInformation;
  expect((await s.t.post(`/subscriptions/${key}/pay`, { cardInformation, trackId: randomUUID() })).data).toMatchObject({ status: 1 });
  return key;
}
const renewals = async (key: string) =>
  (await s.t.db.query<{ n: number }>("select count(*)::int as n from transactions where details->>'subscriptionKey' = $1 and details->>'renewal' = 'true'", [key]))[0]?.n;

describe('a sweep charging several due subscriptions', () => {
  it('does not charge one its merchant cancelled while the sweep was charging the ones before it', async () => {
    const m = await s.newMerchant('Club de Cine');
    const first = await activeSubscription(m);
    const second = await activeSubscription(m);
    // Both due, the first one earlier: the sweep takes it first.
    await s.t.db.query("update subscriptions set next_charge_at = now() - interval '2 minutes' where subscription_key = $1", [first]);
    await s.t.db.query("update subscriptions set next_charge_at = now() - interval '1 minute' where subscription_key = $1", [second]);
    let cancelled: { status: number; json: Record<string, unknown> } | undefined;
    whileAuthorizing = async () => {
      cancelled = await s.api.call('POST', `/subscriptions/${second}/cancel`, { key: m.key });
    };
    await chargeDueSubscriptions(s.t);
    expect(cancelled).toMatchObject({ status: 200, json: { status: 'cancelled', nextChargeAt: null } });
    expect(await renewals(first)).toBe(1);
    expect(await renewals(second)).toBe(0);
    // Nor later.
    await chargeDueSubscriptions(s.t);
    expect(await renewals(second)).toBe(0);
  });
});

describe('a cancel between a renewal\'s claim and its charge', () => {
  it('calls the claimed renewal off: nothing reaches the card processor once the cancel answered, and nothing is charged later', async () => {
    const m = await s.newMerchant('Gimnasio Central');
    const plan = await s.t.admin('POST', '/plans', { merchantId: m.id, name: 'Plan trimestral', amount: 43.21, period: 'QU' });
    const created = await s.t.post('/subscriptions', { idPlan: Number(plan.json['idPlan']), email: 'socio@example.com' });
    const key = String(created.data['subscriptionKey']);
    const cardInformation = (await tokenizedCardPayload('x', { cardNumber: testCardNumber(randomUUID()) })).cardInformation;
    expect((await s.t.post(`/subscriptions/${key}/pay`, { cardInformation, trackId: randomUUID() })).data).toMatchObject({ status: 1 });
    await s.t.db.query("update subscriptions set next_charge_at = now() - interval '1 minute' where subscription_key = $1", [key]);
    let cancelled: { status: number; json: Record<string, unknown> } | undefined;
    const db = pausingAfterNextCommit(s.t.db, async () => {
      cancelled = await s.api.call('POST', `/subscriptions/${key}/cancel`, { key: m.key });
    });
    authorized.length = 0;
    const charged = await chargeDueSubscriptions({ ...s.t, db });
    expect(cancelled).toMatchObject({ status: 200, json: { status: 'cancelled', nextChargeAt: null } });
    expect(authorized).not.toContain(4321);
    expect(charged.filter((tx) => tx.details['subscriptionKey'] === key)).toEqual([]);
    // Not recorded as a charge of it either, and nothing left to claim.
    expect(await renewals(key)).toBe(0);
    await chargeDueSubscriptions(s.t);
    expect(authorized).not.toContain(4321);
    expect(await renewals(key)).toBe(0);
  });
  it('with sweeps and readers at once as the cancel is sent, no renewal reaches the processor after the cancel answered (PostgreSQL runs them in parallel)', async () => {
    const m = await s.newMerchant('Escuela de Baile');
    const plan = await s.t.admin('POST', '/plans', { merchantId: m.id, name: 'Plan semanal', amount: 7.89, period: 'WE' });
    for (let round = 0; round < 4; round++) {
      const created = await s.t.post('/subscriptions', { idPlan: Number(plan.json['idPlan']), email: 'baila@example.com' });
      const key = String(created.data['subscriptionKey']);
      const cardInformation = (await tokenizedCardPayload('x', { cardNumber: testCardNumber(randomUUID()) })).cardInformation;
      expect((await s.t.post(`/subscriptions/${key}/pay`, { cardInformation, trackId: randomUUID() })).data).toMatchObject({ status: 1 });
      await s.t.db.query("update subscriptions set next_charge_at = now() - interval '1 minute' where subscription_key = $1", [key]);
      reachedAt.length = 0;
      let answeredAt = Infinity;
      await Promise.all([
        chargeDueSubscriptions(s.t), s.t.get(`/subscriptions/${key}`), chargeDueSubscriptions(s.t), s.t.get(`/subscriptions/${key}`),
        (async () => {
          expect((await s.api.call('POST', `/subscriptions/${key}/cancel`, { key: m.key })).status).toBe(200);
          answeredAt = performance.now();
        })(),
      ]);
      const renewalCalls = reachedAt.filter((r) => r.amountCents === 789);
      expect(renewalCalls.filter((r) => r.at > answeredAt)).toEqual([]);
      expect(renewalCalls.length).toBeLessThanOrEqual(1);
      // What reached the processor is what is recorded: a renewal called off leaves no charge behind.
      expect(await renewals(key)).toBe(renewalCalls.length);
    }
  });
});
