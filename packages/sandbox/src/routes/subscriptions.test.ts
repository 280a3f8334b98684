import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { cardPayload, createTestApp, testCardNumber, type TestApp } from '../test/testApp';
import { chargeDueSubscriptions } from '../payments/chargeDueSubscription';

// An active subscription is neither offered nor charged again; a plan that does not charge at once
// (chargeNow false) charges nothing at activation, and its first charge comes when it is due.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newSubscription(plan: { amount: number; chargeNow: boolean }): Promise<string> {
  const created = await t.admin('POST', '/plans', { name: 'Club', period: 'MO', ...plan });
  const sub = await t.post('/subscriptions', { idPlan: created.json['idPlan'], email: 'socia@example.com' });
  return String(sub.data['subscriptionKey']);
}
const card = (seed = randomUUID()) => cardPayload('x', { cardNumber: testCardNumber(seed) }).cardInformation;
const charges = async (key: string) =>
  t.db.query<{ amount_cents: number; status: number; details: Record<string, unknown> }>(
    "select amount_cents, status, details from transactions where details->>'subscriptionKey' = $1 order by id", [key]);

describe('an active subscription', () => {
  it('is not offered by the lookup, and a second payment is refused (409 request_already_paid) and charges nothing', async () => {
    const key = await newSubscription({ amount: 9, chargeNow: true });
    expect((await t.get(`/subscriptions/${key}`)).data).toMatchObject({ status: 0 });
    const first = await t.post(`/subscriptions/${key}/pay`, { cardInformation: card(), trackId: randomUUID() });
    expect(first.data).toMatchObject({ status: 1, appliedNow: true });
    expect(await t.get(`/subscriptions/${key}`)).toMatchObject({ status: 409, data: { code: 'request_already_paid' } });
    const second = await t.post(`/subscriptions/${key}/pay`, { cardInformation: card(), trackId: randomUUID() });
    expect(second).toMatchObject({ status: 409, data: { code: 'request_already_paid' } });
    expect((await charges(key)).map((c) => c.amount_cents)).toEqual([900]);
  });

  it('two payments seconds apart (different trackIds, at once) charge it once', async () => {
    const key = await newSubscription({ amount: 9, chargeNow: true });
    const answers = await Promise.all([1, 2, 3].map(() => t.post(`/subscriptions/${key}/pay`, { cardInformation: card(), trackId: randomUUID() })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await charges(key)).toHaveLength(1);
  });

  it('the payment that activated it, sent again with its trackId, answers what it did', async () => {
    const key = await newSubscription({ amount: 9, chargeNow: true });
    const body = { cardInformation: card(), trackId: randomUUID() };
    const first = await t.post(`/subscriptions/${key}/pay`, body);
    expect(await t.post(`/subscriptions/${key}/pay`, body)).toMatchObject({ status: 200, data: first.data });
    expect(await t.post(`/subscriptions/${key}/pay`, { ...body, cardInformation: card() })).toMatchObject({ status: 409, data: { code: 'track_id_reused' } });
  });

  it('a declined card leaves it pending and payable', async () => {
    const key = await newSubscription({ amount: 9, chargeNow: true });
    const declined = await t.post(`/subscriptions/${key}/pay`, { cardInformation: cardPayload('x', { cardNumber: '4000000000000002' }).cardInformation, trackId: randomUUID() });
    expect(declined.data).toMatchObject({ status: 0 });
    expect((await t.get(`/subscriptions/${key}`)).data).toMatchObject({ status: 0 });
    expect((await t.post(`/subscriptions/${key}/pay`, { cardInformation: card(), trackId: randomUUID() })).data).toMatchObject({ status: 1 });
  });
});

describe('a plan that does not charge at once (chargeNow false)', () => {
  it('validates the card at activation without charging, and charges the plan when due', async () => {
    const key = await newSubscription({ amount: 3.5, chargeNow: false });
    const paid = await t.post(`/subscriptions/${key}/pay`, { cardInformation: card(), trackId: randomUUID() });
    expect(paid.data).toMatchObject({ status: 1, appliedNow: false });
    const receipt = await t.get(`/receipts/${String(paid.data['codOper'])}`);
    expect(receipt.data).toMatchObject({ totalPay: 0 });
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
    await t.post(`/subscriptions/${key}/pay`, { cardInformation: card(), trackId: randomUUID() });
    expect((await charges(key)).map((c) => c.amount_cents)).toEqual([350]);
  });
});
