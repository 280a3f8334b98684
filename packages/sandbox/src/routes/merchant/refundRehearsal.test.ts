import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMerchantApi, type TestMerchant } from '../../../test/merchantApiSetup';
import { tokenizedCardPayload } from '../../../test/testApp';
import { TO_RECEIVER, verifiedTimestampOf, deliverDueWebhooks } from '../../../test/webhookReceiver';
import { reconcileRefunds } from '../../payments/reconcileRefunds';

// PRODUCT.md's refund test cards, as a shop server rehearses them through the merchant API:
// 4000 0000 0000 5126 is approved and every refund of it refused by the processor; 4000 0000 0000
// 7726 is approved and its refunds never answered: pending, then failed (not_made) once the
// reconciler asks. Each failure reaches the shop as a signed transaction.refund_failed.

const setup = useMerchantApi({ webhooks: true });

async function paidWith(m: TestMerchant, cardNumber: string): Promise<string> {
  const link = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, taxAmount: 1.75, description: 'Ensayo de reembolso', orderReference: `o-${randomUUID()}` } });
  expect(link.status).toBe(201);
  const paid = await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code']), { cardNumber }));
  expect(paid.data).toMatchObject({ status: 1 });
  return String(paid.data['codOper']);
}

/** The refund webhooks the shop received for a payment, each verified with its secret. */
async function refundEvents(m: TestMerchant, codOper: string): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
  while ((await deliverDueWebhooks(setup.t.db, TO_RECEIVER)) > 0);
  return setup.receiver.received
    .map((r) => ({ r, body: JSON.parse(r.body) as { type: string; data: Record<string, unknown> } }))
    .filter(({ body }) => body.data['codOper'] === codOper && body.type.startsWith('transaction.refund'))
    .map(({ r, body }) => {
      expect(verifiedTimestampOf(r.headers['pasarela-signature'], r.body, m.webhookSecret)).toBeDefined();
      return body;
    });
}

describe('refund failures a shop can rehearse', () => {
  it('4000 0000 0000 5126: the processor refuses the refund (502 refund_refused), nothing is given back, transaction.refund_failed says refused', async () => {
    const m = await setup.newMerchant('Ensayos S.A.');
    const codOper = await paidWith(m, '4000000000005126');
    const refused = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 5 } });
    expect([refused.status, refused.json['code']]).toEqual([502, 'refund_refused']);
    const verified = (await setup.api.call('GET', `/transactions/${codOper}`, { key: m.key })).json;
    expect(verified).toMatchObject({ result: 'APPROVED', refundedAmount: 0 });
    const events = await refundEvents(m, codOper);
    expect(events.map((e) => [e.type, e.data['refundFailureReason']])).toEqual([['transaction.refund_failed', 'refused']]);
  });

  it('4000 0000 0000 7726: the refund is pending while the processor is silent, then failed (not_made) once the reconciler asks', async () => {
    const m = await setup.newMerchant('Ensayos Dos S.A.');
    const codOper = await paidWith(m, '4000000000007726');
    const pending = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 5 } });
    expect(pending.status).toBeLessThan(300);
    expect(pending.json).toMatchObject({ status: 'pending', amount: 5 });
    const refundId = String(pending.json['id']);
    // Past the reconciler's in-doubt wait, as a minute later.
    await setup.t.db.query("update refunds set created_at = now() - interval '1 minute', checked_at = null where id = $1", [refundId]);
    expect(await reconcileRefunds({ db: setup.t.db, gateways: setup.t.gateways })).toEqual([refundId]);
    const verified = (await setup.api.call('GET', `/transactions/${codOper}`, { key: m.key })).json;
    expect(verified).toMatchObject({ refundedAmount: 0, refunds: [{ id: refundId, status: 'failed' }] });
    const events = await refundEvents(m, codOper);
    expect(events.map((e) => [e.type, e.data['refundFailureReason']])).toEqual([['transaction.refund_failed', 'not_made']]);
  });

  // docs/merchant-api.md: a pending refund "keeps its part of what remains". Nothing else remains, yet
  // nothing was refunded: not "everything paid has been refunded already".
  it('4000 0000 0000 7726: while a refund of all of it is pending, another is 422 refund_exceeds_remaining (0.00 remains), not transaction_fully_refunded', async () => {
    const m = await setup.newMerchant('Ensayos Tres S.A.');
    const codOper = await paidWith(m, '4000000000007726');
    const pending = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: {} });
    expect(pending.json).toMatchObject({ status: 'pending', amount: 26.75 });
    for (const body of [{ amount: 1 }, {}]) {
      const held = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body, headers: { 'accept-language': 'en' } });
      expect([held.status, held.json['code']]).toEqual([422, 'refund_exceeds_remaining']);
      expect(held.json['message']).toBe('The refund is more than what remains to refund (pending refunds hold the rest: 0.00 remains to refund)');
    }
    expect((await setup.api.call('GET', `/transactions/${codOper}`, { key: m.key })).json).toMatchObject({ refundedAmount: 0, refundableAmount: 0 });
  });
});
