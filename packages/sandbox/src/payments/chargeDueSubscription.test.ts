import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, type TestApp } from '../../test/testApp';
import { GatewayCallNotSent } from '@pasarela/gateways';
import { aroundCardAuthorize, loseAnswer } from '../../test/gateways/cardAuthorize';
import { formatPanamaDate, nextSubscriptionChargeDate } from '@pasarela/core';
import { chargeDueSubscriptions } from './chargeDueSubscription';

// Issue 4 "subscriptions charging at once when due": also while nobody reads them.

let t: TestApp;
/** While set, the card processor takes a renewal's request and its answer is lost. */
let answerLost = false;
/** While set, the card processor cannot process a renewal (its own error: `failed`, nothing charged). */
let processorFails = false;
/** While set, a renewal's request never leaves this node: the processor never receives it. */
let notSent = false;
beforeAll(async () => {
  t = await createTestApp({
    wrapGateways: aroundCardAuthorize(async (authorize, request) => {
      if (notSent) throw new GatewayCallNotSent('card processor: connection refused');
      if (processorFails) return { status: 'failed', message: 'The processor could not process the card' };
      return answerLost ? loseAnswer(authorize(request)) : authorize(request);
    }),
  });
});
afterAll(() => t.close());

async function subscription(pay: boolean): Promise<string> {
  const plans = (await t.get('/merchants/1/plans')).data['plans'] as Array<{ idPlan: number }>;
  const created = await t.post('/subscriptions', { idPlan: plans[0]?.idPlan, email: 'renueva@example.com' });
  const key = String(created.data['subscriptionKey']);
  if (pay) expect((await t.post(`/subscriptions/${key}/pay`, { cardInformation: (await tokenizedCardPayload('x', { cardNumber: '4242424242424242' })).cardInformation, trackId: crypto.randomUUID() })).data['status']).toBe(1);
  return key;
}
/** Due `ago` before now, its schedule counted from that date: its next date is a period after the one due. */
async function dueSince(key: string, ago: string): Promise<Date | undefined> {
  const [due] = await t.db.query<{ at: Date }>(
    `update subscriptions set next_charge_at = date_trunc('second', now()) - $2::interval, charge_anchor_at = date_trunc('second', now()) - $2::interval
      where subscription_key = $1 returning next_charge_at as at`, [key, ago]);
  return due?.at;
}
/** The test plan is monthly (SPEC 9 "MO monthly"): the same day of the next month, in Panama's calendar. */
const monthAfter = (due: Date | undefined) => nextSubscriptionChargeDate('MO', due?.getTime() ?? 0);
const makeDue = (key: string) => t.db.query("update subscriptions set next_charge_at = now() - interval '1 minute' where subscription_key = $1", [key]);
const renewals = async (key: string) =>
  (await t.db.query<{ n: number }>("select count(*)::int as n from transactions where details->>'subscriptionKey' = $1 and details->>'renewal' = 'true'", [key]))[0]?.n;

describe('chargeDueSubscriptions', () => {
  it('charges each due active subscription once, at its plan amount, and moves its date a period on', async () => {
    const due = await subscription(true);
    const notYet = await subscription(true);
    const pending = await subscription(false);
    await makeDue(due);
    await makeDue(pending);
    const charged = await chargeDueSubscriptions(t);
    const mine = charged.filter((tx) => tx.details['subscriptionKey'] === due);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount_cents: 1999, status: 1, tx_type: 'REC', card_last4: '4242' });
    expect(charged.some((tx) => tx.details['subscriptionKey'] === notYet || tx.details['subscriptionKey'] === pending)).toBe(false);
    const [row] = await t.db.query<{ next_charge_at: Date }>('select next_charge_at from subscriptions where subscription_key = $1', [due]);
    expect(row?.next_charge_at.getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
    // A second sweep, and the read path after it, find nothing due.
    expect((await chargeDueSubscriptions(t)).filter((tx) => tx.details['subscriptionKey'] === due)).toHaveLength(0);
    await t.get(`/subscriptions/${due}`);
    expect(await renewals(due)).toBe(1);
  });
  it('keeps the subscription\'s schedule: the next date is a period after the one due, not after the sweep that ran late', async () => {
    const key = await subscription(true);
    const due = await dueSince(key, '3 hours');
    expect((await chargeDueSubscriptions(t)).filter((tx) => tx.details['subscriptionKey'] === key)).toHaveLength(1);
    const [row] = await t.db.query<{ next_charge_at: Date }>('select next_charge_at from subscriptions where subscription_key = $1', [key]);
    // A month after the date due, three hours before the sweep.
    expect(row?.next_charge_at.toISOString()).toBe(monthAfter(due).toISOString());
  });
  it('charges once when a sweep and a reader come at the same moment', async () => {
    const key = await subscription(true);
    await makeDue(key);
    await Promise.all([chargeDueSubscriptions(t), t.get(`/subscriptions/${key}`), chargeDueSubscriptions(t)]);
    expect(await renewals(key)).toBe(1);
  });
  it('a renewal whose answer is lost stays in doubt for the reconciler (chargeCard, callInDoubt), and the sweep goes on', async () => {
    const lost = await subscription(true);
    const next = await subscription(true);
    await makeDue(lost);
    await makeDue(next);
    answerLost = true;
    try {
      const charged = await chargeDueSubscriptions(t);
      const mine = charged.filter((tx) => tx.details['subscriptionKey'] === lost || tx.details['subscriptionKey'] === next);
      expect(mine.map((tx) => [tx.status, tx.auth_status])).toEqual([[-1, 'PROCESSING'], [-1, 'PROCESSING']]);
    } finally {
      answerLost = false;
    }
    expect(await renewals(lost)).toBe(1);
    expect(await renewals(next)).toBe(1);
  });
  it('a renewal the processor could not process is recorded declined, not dropped: its record stays once its date moved on', async () => {
    const key = await subscription(true);
    await makeDue(key);
    processorFails = true;
    try {
      await chargeDueSubscriptions(t);
    } finally {
      processorFails = false;
    }
    const rows = await t.db.query<{ status: number; auth_status: string }>(
      "select status, auth_status from transactions where details->>'subscriptionKey' = $1 and details->>'renewal' = 'true'", [key]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe(0);
  });
  it('a renewal its processor never received is due again from the date it was due: the schedule stays as it was', async () => {
    const key = await subscription(true);
    const due = await dueSince(key, '3 hours');
    notSent = true;
    try {
      await chargeDueSubscriptions(t);
    } finally {
      notSent = false;
    }
    // Left in doubt; the reconciler, told "never received", forgets it and gives the period back.
    await t.db.query("update transactions set updated_at = now() - interval '1 minute' where details->>'subscriptionKey' = $1 and auth_status = 'PROCESSING'", [key]);
    await t.reconcile();
    expect(await renewals(key)).toBe(0);
    const [givenBack] = await t.db.query<{ next_charge_at: Date }>('select next_charge_at from subscriptions where subscription_key = $1', [key]);
    expect(givenBack?.next_charge_at.toISOString()).toBe(due?.toISOString());
    expect((await chargeDueSubscriptions(t)).filter((tx) => tx.details['subscriptionKey'] === key).map((tx) => tx.status)).toEqual([1]);
    const [row] = await t.db.query<{ next_charge_at: Date }>('select next_charge_at from subscriptions where subscription_key = $1', [key]);
    // A month after the date that was due, not after the reconciler's pass.
    expect(row?.next_charge_at.toISOString()).toBe(monthAfter(due).toISOString());
  });
  it('mails the renewal\'s receipt with it, naming the next charge date its schedule gives (a period after the date that was due)', async () => {
    const key = await subscription(true);
    const due = await dueSince(key, '3 days');
    const before = (await t.db.query<{ id: number }>("select coalesce(max(id), 0)::int as id from mailbox"))[0]?.id ?? 0;
    const charged = (await chargeDueSubscriptions({ ...t, publicOrigin: 'http://checkout.test' })).filter((tx) => tx.details['subscriptionKey'] === key);
    expect(charged.map((tx) => tx.status)).toEqual([1]);
    const next = monthAfter(due);
    const [row] = await t.db.query<{ next_charge_at: Date }>('select next_charge_at from subscriptions where subscription_key = $1', [key]);
    expect(row?.next_charge_at.toISOString()).toBe(next.toISOString());
    const mails = await t.db.query<{ subject: string; body: string; kind: string }>(
      'select subject, body, kind from mailbox where id > $1 and to_email = $2 order by id', [before, 'renueva@example.com']);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'receipt', subject: `Comprobante de pago ${charged[0]?.cod_oper}` });
    expect(mails[0]?.body).toContain(`Próximo cobro de tu suscripción: $19.99 el ${formatPanamaDate(next)}.`);
  });
});
