import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createMerchant, createTestApp, testCardNumber, type TestApp } from '../../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../../test/merchantApiClient';
import { startWebhookReceiver, TO_RECEIVER, verifiedTimestampOf, type WebhookReceiver, deliverDueWebhooks } from '../../../test/webhookReceiver';
import { maskedPhone } from '../../merchantView/merchantTransaction';

// The record a support desk and the books need (docs/merchant-api.md "Transactions"): who paid, with
// what, the donation and the total, in the verify call, the list and the webhook alike.

let t: TestApp;
let api: MerchantApiClient;
let receiver: WebhookReceiver;
let m: { id: number; key: string; webhookSecret: string };
beforeAll(async () => {
  [t, receiver] = await Promise.all([createTestApp(), startWebhookReceiver()]);
  api = await merchantApiClient((path, init) => t.app.request(path, init));
  m = await createMerchant(t, { name: 'Registro S.A.', webhookUrl: receiver.url });
});
afterAll(async () => {
  await Promise.all([t.close(), receiver.close()]);
});

async function newLink(): Promise<string> {
  const res = await api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido' } });
  return String(res.json['code']);
}

/** The verify call, the list's row and the webhook's data for one payment. */
async function threeViews(codOper: string) {
  const verified = (await api.call('GET', `/transactions/${codOper}`, { key: m.key })).json;
  const listed = ((await api.call('GET', '/transactions?limit=100', { key: m.key })).json['data'] as Array<Record<string, unknown>>).find((r) => r['codOper'] === codOper);
  while ((await deliverDueWebhooks(t.db, TO_RECEIVER)) > 0);
  const delivery = receiver.received.find((r) => (JSON.parse(r.body) as { data: { codOper: string } }).data.codOper === codOper);
  expect(verifiedTimestampOf(delivery?.headers['pasarela-signature'], delivery?.body ?? '', m.webhookSecret)).toBeDefined();
  const event = JSON.parse(delivery?.body ?? '{}') as { data: Record<string, unknown> };
  api.checkWebhookEvent(event);
  return { verified, listed, webhook: event.data, raw: [JSON.stringify(verified), JSON.stringify(listed), delivery?.body ?? ''] };
}

describe('the fuller record', () => {
  it('shows a card payment\'s payer, brand and last four, currency, total and refundable rest; never the number or CVC', async () => {
    const cardNumber = testCardNumber('fuller-record');
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(), { cardNumber }));
    const codOper = String(paid.data['codOper']);
    const views = await threeViews(codOper);
    for (const view of [views.verified, views.listed, views.webhook]) {
      expect(view).toMatchObject({
        result: 'APPROVED', currency: 'USD', amount: 25, taxAmount: 1.75, donationAmount: 0, totalPaid: 26.75, refundableAmount: 26.75,
        payer: { email: 'pagador@example.com', name: expect.stringContaining('José') },
        card: { brand: 'VISA', last4: cardNumber.slice(-4) }, walletPhone: null,
      });
    }
    for (const text of views.raw) {
      expect(text).not.toContain(cardNumber);
      expect(text).not.toContain(cardNumber.slice(0, 6) + cardNumber.slice(6, 12));
      // The CVC as a field or a value (the operation code is random hex, which may hold 987).
      expect(text).not.toMatch(/"cvv|"cvc|[:"]987["},]/i);
    }
    // After a partial refund the rest shrinks, in the verify call.
    await api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 6.75 } });
    expect((await api.call('GET', `/transactions/${codOper}`, { key: m.key })).json).toMatchObject({ refundedAmount: 6.75, refundableAmount: 20 });
  });

  it('shows a Nequi payment\'s phone masked, and no card', async () => {
    const push = await t.post('/nequi/push', { code: await newLink(), phone: '63331111' });
    const codOper = String(push.data['codOper']);
    const answered = await t.app.request(`/sandbox/nequi/${codOper}`, { method: 'POST', body: JSON.stringify({ result: 'approve' }), headers: { 'content-type': 'application/json' } });
    expect(answered.status).toBeLessThan(300);
    const views = await threeViews(codOper);
    for (const view of [views.verified, views.listed, views.webhook]) {
      expect(view).toMatchObject({ method: 'nequi', currency: 'USD', totalPaid: 26.75, card: null, walletPhone: '****1111' });
    }
    for (const text of views.raw) expect(text).not.toContain('63331111');
  });

  it.each([
    ['63331111', '****1111'], ['+507 6123-4567', '****4567'], ['', null], [null, null], ['12', null],
  ])('masks the phone %s as %s', (phone, masked) => {
    expect(maskedPhone(phone)).toBe(masked);
  });
});
