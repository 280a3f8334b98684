import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMerchantApi, type TestMerchant } from '../../test/merchantApiSetup';
import { aroundCardAuthorize } from '../../test/gateways/cardAuthorize';
import { tokenizedCardPayload, testCardNumber } from '../../test/testApp';
import { chargeDueSubscriptions } from './chargeDueSubscription';

// docs/merchant-api.md "Subscriptions": once the merchant's cancel has answered, no server starts
// another charge of it; only a renewal already on its way to the card processor may finish.

/** Run once, while the card processor is deciding the next authorization. */
let whileAuthorizing: (() => Promise<void>) | undefined;
const s = useMerchantApi({
  wrapGateways: aroundCardAuthorize(async (authorize, request) => {
    const run = whileAuthorizing;
    whileAuthorizing = undefined;
    if (run) await run();
    return authorize(request);
  }),
});

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
