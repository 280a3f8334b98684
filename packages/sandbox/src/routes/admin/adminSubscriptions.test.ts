import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createTestApp, type TestApp } from '../../../test/testApp';

// docs/sandbox.md "Saldo y pagos": the console lists a merchant's subscriptions and cancels one by
// the merchant API's own rule (docs/merchant-api.md "Subscriptions"): one conditional write, the
// subscription.cancelled event recorded once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function subscriptionOf(merchant: { id: number; key: string }, email: string): Promise<string> {
  const plan = await t.admin('POST', '/plans', { name: 'Club', period: 'MO', amount: 9, chargeNow: true }, { authorization: `Bearer ${merchant.key}` });
  const sub = await t.post('/subscriptions', { idPlan: plan.json['idPlan'], email });
  return String(sub.data['subscriptionKey']);
}

describe('GET /sandbox/merchants/:id/subscriptions and POST .../:key/cancel', () => {
  it('lists the merchant\u2019s subscriptions in pages, newest first, and cancels one once', async () => {
    const m = await createMerchant(t, { name: 'Club Consola' });
    const first = await subscriptionOf(m, 'uno@example.com');
    const second = await subscriptionOf(m, 'dos@example.com');
    const page = await t.admin('GET', `/merchants/${m.id}/subscriptions?limit=1`);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ data: [{ subscriptionKey: second, status: 'pending', email: 'dos@example.com' }], hasMore: true });
    const next = await t.admin('GET', `/merchants/${m.id}/subscriptions?limit=1&cursor=${String(page.json['nextCursor'])}`);
    expect(next.json).toMatchObject({ data: [{ subscriptionKey: first }], hasMore: false });

    const [a, b] = await Promise.all([1, 2].map(() => t.admin('POST', `/merchants/${m.id}/subscriptions/${first}/cancel`, {})));
    expect([a?.status, b?.status]).toEqual([200, 200]);
    expect(a?.json).toMatchObject({ subscriptionKey: first, status: 'cancelled', cancelledAt: expect.any(String) });
    const events = await t.db.query<{ n: number }>("select count(*)::int as n from webhook_events where merchant_id = $1 and event_type = 'subscription.cancelled'", [m.id]);
    expect(events[0]?.n).toBe(1);
  });

  it('answers 404 for a subscription of another merchant, and another merchant\u2019s key reaches none of it', async () => {
    const m = await createMerchant(t, { name: 'Club Propio' });
    const other = await createMerchant(t, { name: 'Club Ajeno' });
    const key = await subscriptionOf(m, 'tres@example.com');
    expect((await t.admin('POST', `/merchants/${other.id}/subscriptions/${key}/cancel`, {})).status).toBe(404);
    expect((await t.admin('GET', `/merchants/${m.id}/subscriptions`, undefined, { authorization: `Bearer ${other.key}` })).status).toBe(404);
    expect((await t.admin('GET', `/merchants/${m.id}/subscriptions/${key}`)).json).toMatchObject({ status: 'pending' });
  });
});
