import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, type TestApp } from '../../test/testApp';
import { startWebhookReceiver, TO_RECEIVER, type WebhookReceiver, deliverDueWebhooks } from '../../test/webhookReceiver';

// docs/webhooks.md says the signature is Stripe's scheme exactly (t=,v1=, HMAC-SHA256 of "t.body"
// under the whole secret string): a merchant can check a delivery with Stripe's own library.
let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  [t, receiver] = await Promise.all([createTestApp(), startWebhookReceiver()]);
});
afterAll(async () => {
  await Promise.all([t.close(), receiver.close()]);
});

describe("Stripe's webhook verifier", () => {
  it('accepts a real delivery under the webhook secret, and refuses it under another secret or with a changed body', async () => {
    const created = await t.admin('POST', '/merchants', { name: 'Verificadores S.A.', webhookUrl: receiver.url });
    const merchantId = Number(created.json['idMerchant']);
    const webhookSecret = String(created.json['webhookSecret']);
    const link = await t.admin('POST', '/links', { amount: 31.4, taxAmount: 0, description: 'Pedido 77', merchantId });
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code']), { cardNumber: '5555555555554444', amount: 31.4, taxAmount: 0 }));
    const codOper = String(paid.data['codOper']);
    expect(paid.data).toMatchObject({ status: 1 });
    await deliverDueWebhooks(t.db, TO_RECEIVER);
    const delivery = receiver.received.find((r) => r.body.includes(codOper));
    if (!delivery) throw new Error('no delivery for the payment');
    const header = String(delivery.headers['pasarela-signature']);

    const stripe = new Stripe('sk_test_unused');
    const event = stripe.webhooks.constructEvent(delivery.body, header, webhookSecret) as unknown as { type: string; data: Record<string, unknown> };
    expect(event).toMatchObject({ type: 'transaction.approved', data: { codOper, result: 'APPROVED', amount: 31.4 } });

    expect(() => stripe.webhooks.constructEvent(delivery.body, header, 'whsec_another')).toThrow(/signature/i);
    expect(() => stripe.webhooks.constructEvent(delivery.body.replace('31.4', '0.01'), header, webhookSecret)).toThrow(/signature/i);
    // Stripe's default tolerance is 300 s, as docs/webhooks.md asks of every verifier.
    expect(() => stripe.webhooks.constructEvent(delivery.body, header, webhookSecret, 1)).not.toThrow();
  });
});
