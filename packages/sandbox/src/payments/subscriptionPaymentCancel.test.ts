import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Gateways } from '@pasarela/gateways';
import { useMerchantApi, type TestMerchant } from '../../test/merchantApiSetup';
import { tokenizedCardPayload, testCardNumber } from '../../test/testApp';

// docs/api.md "GET by subscription": once its merchant cancelled it, a subscription answers 409
// subscription_cancelled_by_shop. A guest's first payment that the cancel overtook (the card was at
// the processor meanwhile) is called off and says the same, never that the subscription is active.

/** Run once, while the card processor is saving the next card or deciding the next authorization. */
let whileAtProcessor: (() => Promise<void>) | undefined;
const runOnce = async () => {
  const run = whileAtProcessor;
  whileAtProcessor = undefined;
  if (run) await run();
};
const s = useMerchantApi({
  wrapGateways: (gateways: Gateways): Gateways => ({
    ...gateways,
    card: {
      ...gateways.card,
      saveCard: async (request) => {
        const saved = await gateways.card.saveCard(request);
        await runOnce();
        return saved;
      },
      authorize: async (request) => {
        await runOnce();
        return gateways.card.authorize(request);
      },
    },
  }),
});

async function pendingSubscription(m: TestMerchant, chargeNow: boolean): Promise<string> {
  const plan = await s.t.admin('POST', '/plans', { merchantId: m.id, name: 'Plan mensual', amount: 12.34, period: 'MO', chargeNow });
  const created = await s.t.post('/subscriptions', { idPlan: Number(plan.json['idPlan']), email: 'socia@example.com' });
  return String(created.data['subscriptionKey']);
}
const card = async () => (await tokenizedCardPayload('x', { cardNumber: testCardNumber(randomUUID()) })).cardInformation;

describe.each([
  ['charges at once', true],
  ['validates the card only', false],
] as const)('a plan that %s: the merchant cancels while the first payment is at the processor', (_name, chargeNow) => {
  it.each(['es', 'en'] as const)('the payer is told the shop cancelled it (409 subscription_cancelled_by_shop), in %s, and nothing stays charged', async (lang) => {
    const m = await s.newMerchant('Club de Cine');
    const key = await pendingSubscription(m, chargeNow);
    let cancelled: { status: number } | undefined;
    whileAtProcessor = async () => {
      cancelled = await s.api.call('POST', `/subscriptions/${key}/cancel`, { key: m.key });
    };
    const body = { cardInformation: await card(), trackId: randomUUID(), lang };
    const paid = await s.t.post(`/subscriptions/${key}/pay`, body);
    expect(cancelled).toMatchObject({ status: 200 });
    const message = lang === 'es' ? 'La tienda canceló esta suscripción: no se te cobrará nada' : 'The shop cancelled this subscription: nothing will be charged';
    expect(paid).toMatchObject({ status: 409, data: { code: 'subscription_cancelled_by_shop', message } });
    // Its retry (same trackId) answers the same.
    expect(await s.t.post(`/subscriptions/${key}/pay`, body)).toMatchObject({ status: 409, data: { code: 'subscription_cancelled_by_shop' } });
    const rows = await s.t.db.query<{ cod_oper: string; status: number; auth_status: string }>("select cod_oper, status, auth_status from transactions where details->>'subscriptionKey' = $1", [key]);
    expect(rows.map(({ status, auth_status }) => ({ status, auth_status }))).toEqual([{ status: 0, auth_status: 'CANCELLED' }]);
    // The merchant reads why: its own cancel called it off, not another payment.
    expect((await s.api.call('GET', `/transactions/${String(rows[0]?.cod_oper)}`, { key: m.key })).json).toMatchObject({ cancelReason: 'merchant' });
    if (chargeNow) {
      // What the processor took for it is given back.
      const book = await s.t.simulator.books.read<unknown, { voided?: boolean; refundedCents?: number }>('card', String(rows[0]?.cod_oper));
      expect(book?.state.voided === true || (book?.state.refundedCents ?? 0) > 0).toBe(true);
    }
    expect((await s.api.call('GET', `/subscriptions/${key}`, { key: m.key })).json).toMatchObject({ status: 'cancelled' });
  });
});
