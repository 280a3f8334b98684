import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createTestApp, tokenizedCardPayload, type TestApp } from '../../test/testApp';
import { deliverDueWebhooks, startWebhookReceiver, TO_RECEIVER, type WebhookReceiver } from '../../test/webhookReceiver';
import { removeEndpoint } from './webhookEndpoints';
import { redeliverWebhookEvent } from '../store/webhookEvents';
import type { DeliveryOutcome } from '../ops/metrics';
import type { WebhookPost } from './postWebhook';

// docs/operations.md "Metrics": pasarela_webhook_deliveries_total counts what each attempt came to.
// An attempt on its way while its endpoint was removed records nothing (webhooks.md "Retries and
// delivery"); it used to count `retrying` (or `delivered`) for a delivery that no longer exists and
// is never tried again.

let t: TestApp;
let primary: WebhookReceiver;
let other: WebhookReceiver;
beforeAll(async () => {
  [t, primary, other] = await Promise.all([createTestApp(), startWebhookReceiver(), startWebhookReceiver()]);
});
afterAll(async () => {
  await Promise.all([t.close(), primary.close(), other.close()]);
});

/** A merchant whose webhookUrl is `primary` and a second endpoint `other`, with one card payment's event for each. */
async function merchantWithAnEvent(name: string) {
  const m = await createMerchant(t, { name, webhookUrl: primary.url });
  const added = await t.app.request('/api/v1/merchant/webhook-endpoints', {
    method: 'POST', headers: { authorization: `Bearer ${m.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ url: other.url }),
  });
  expect(added.status).toBe(201);
  const link = await t.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'Pedido', merchantId: m.id });
  expect((await t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code'])))).data['status']).toBe(1);
  const endpoints = await t.db.query<{ id: string; url: string }>('select id, url from webhook_endpoints where merchant_id = $1', [m.id]);
  return { ...m, endpoints };
}

const counting = () => {
  const counts: DeliveryOutcome[] = [];
  return { counts, settings: { ...TO_RECEIVER, countDelivery: (outcome: DeliveryOutcome) => counts.push(outcome) } };
};

describe('the webhook delivery count', () => {
  it.each([500, 200])('counts nothing for attempts whose endpoints were removed while they were on their way (answered %i)', async (answer) => {
    const m = await merchantWithAnEvent(`Se Va ${answer} S.A.`);
    const { counts, settings } = counting();
    const sent: string[] = [];
    // Each attempt's endpoint is removed before its answer comes (the first removed, the other may have taken the primary's place).
    const removeThenAnswer = async (post: WebhookPost) => {
      sent.push(post.url);
      const endpoint = m.endpoints.find((e) => e.url === post.url);
      expect(await removeEndpoint(t.db, m.id, m.key, endpoint!.id)).toBeDefined();
      return answer;
    };
    await deliverDueWebhooks(t.db, settings, removeThenAnswer);
    expect(sent.sort()).toEqual([primary.url, other.url].sort());
    expect(await t.db.query('select id from webhook_endpoints where merchant_id = $1', [m.id])).toEqual([]);
    expect(counts).toEqual([]);
  });

  it('still counts an attempt whose delivery was redelivered meanwhile (it is tried again), and every attempt recorded', async () => {
    const m = await merchantWithAnEvent('Reenvío S.A.');
    const [event] = await t.db.query<{ id: string }>('select id from webhook_events where merchant_id = $1', [m.id]);
    const { counts, settings } = counting();
    await deliverDueWebhooks(t.db, settings, async (post) => {
      if (post.url === primary.url) expect(await redeliverWebhookEvent(t.db, event!.id, m.id)).toBeDefined();
      return 500;
    });
    expect(counts).toEqual(['retrying', 'retrying']);
    counts.length = 0;
    await t.db.query('update webhook_deliveries set next_attempt_at = now() where merchant_id = $1', [m.id]);
    await deliverDueWebhooks(t.db, settings, async () => 200);
    expect(counts).toEqual(['delivered', 'delivered']);
  });
});
