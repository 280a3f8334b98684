import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tokenizedCardPayload, type TestApp } from '../../test/testApp';
import { startWebhookReceiver, TO_RECEIVER, type WebhookReceiver } from '../../test/webhookReceiver';
import { webhookSender } from './deliverWebhooks';

// A node's sender leaves each delivery to finish on its own: one merchant's endpoint that hangs
// until the time-out used to hold every other webhook of the node's batch, other merchants' too,
// and their retries, until the whole batch was done.
let t: TestApp;
let slow: WebhookReceiver;
let fast: WebhookReceiver;
beforeAll(async () => {
  [t, slow, fast] = await Promise.all([createTestApp(), startWebhookReceiver(), startWebhookReceiver()]);
});
afterAll(async () => {
  await Promise.all([t.close(), slow.close(), fast.close()]);
});

async function newMerchant(url: string, secondUrl?: string): Promise<number> {
  const res = await t.admin('POST', '/merchants', { name: 'Envíos S.A.', webhookUrl: url });
  if (secondUrl) {
    const second = await t.app.request('/api/v1/merchant/webhook-endpoints', {
      method: 'POST', headers: { authorization: `Bearer ${String(res.json['secretKey'])}`, 'content-type': 'application/json' }, body: JSON.stringify({ url: secondUrl }),
    });
    expect(second.status).toBe(201);
  }
  return Number(res.json['idMerchant']);
}

/** Each payment's card is its own, so none is a duplicate. */
async function pay(merchantId: number): Promise<string> {
  const link = await t.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'Pedido', merchantId });
  const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code'])));
  expect(paid.data['status']).toBe(1);
  return String(paid.data['codOper']);
}

const eventsOf = (merchantId: number) =>
  t.db.query<{ state: string; attempts: number; last_error: string | null }>('select state, attempts, last_error from webhook_events where merchant_id = $1 order by created_at', [merchantId]);

describe('the node\'s webhook sender', () => {
  it('sends another merchant\'s webhook at once while one merchant\'s endpoint hangs, which holds at most perMerchant places', async () => {
    const hanging = await newMerchant(slow.url);
    const answering = await newMerchant(fast.url);
    for (let i = 0; i < 7; i += 1) await pay(hanging);
    slow.answers.push(...Array.from({ length: 7 }, () => 0));
    const errors: unknown[] = [];
    const sender = webhookSender(t.db, { ...TO_RECEIVER, timeoutMs: 3_000, perMerchant: 5 }, (error) => errors.push(error));
    await sender.pump();
    await expect.poll(() => slow.received.length, { timeout: 2_000 }).toBe(5);

    // Paid while the hanging endpoint holds its five places: the next pump sends it.
    const codOper = await pay(answering);
    const paidAt = Date.now();
    await sender.pump();
    await expect.poll(() => fast.received.some((r) => r.body.includes(codOper)), { timeout: 2_000 }).toBe(true);
    expect(Date.now() - paidAt).toBeLessThan(2_000);
    expect(await eventsOf(answering)).toEqual([{ state: 'delivered', attempts: 1, last_error: null }]);

    await sender.stop();
    // The five timed out and wait for their retry; the two beyond its places were never claimed.
    const hangingEvents = await eventsOf(hanging);
    expect(hangingEvents.filter((e) => e.attempts === 1)).toEqual(Array.from({ length: 5 }, () => ({ state: 'pending', attempts: 1, last_error: 'timeout' })));
    expect(hangingEvents.filter((e) => e.attempts === 0)).toHaveLength(2);
    expect(slow.received).toHaveLength(5);
    expect(errors).toEqual([]);
    // Out of the next test's way.
    await t.db.query(`update webhook_events set state = 'failed' where merchant_id = $1`, [hanging]);
  });

  it('claims again as each delivery ends: more webhooks than its places go out from one pump, none twice', async () => {
    const busy = await newMerchant(fast.url);
    const codOpers: string[] = [];
    for (let i = 0; i < 12; i += 1) codOpers.push(await pay(busy));
    const before = fast.received.length;
    const sender = webhookSender(t.db, { ...TO_RECEIVER, batch: 4, perMerchant: 2 }, (error) => {
      throw error;
    });
    // No timer: only the ends of the deliveries claim after this one pump.
    await sender.pump();
    await expect.poll(async () => (await eventsOf(busy)).filter((e) => e.state === 'delivered').length, { timeout: 10_000 }).toBe(12);
    await sender.stop();
    const sent = fast.received.slice(before).map((r) => (JSON.parse(r.body) as { data: { codOper: string } }).data.codOper);
    expect(sent.sort()).toEqual([...codOpers].sort());
    expect((await eventsOf(busy)).every((e) => e.attempts === 1)).toBe(true);
  });

  it('takes turns between the merchants\' own webhookUrl and their other endpoints, so neither waits while the other fills the places', async () => {
    const primary = await startWebhookReceiver();
    const other = await startWebhookReceiver();
    try {
      const merchant = await newMerchant(primary.url, other.url);
      for (let i = 0; i < 4; i += 1) await pay(merchant);
      const order: string[] = [];
      const sender = webhookSender(t.db, { ...TO_RECEIVER, batch: 1, perMerchant: 1 }, (error) => {
        throw error;
      }, async (post) => {
        order.push(post.url === primary.url ? 'webhookUrl' : 'endpoint');
        return 200;
      });
      await sender.pump();
      await expect.poll(() => order.length, { timeout: 10_000 }).toBe(8);
      await sender.stop();
      expect(order.slice(0, 4)).toEqual(['endpoint', 'webhookUrl', 'endpoint', 'webhookUrl']);
    } finally {
      await Promise.all([primary.close(), other.close()]);
    }
  });
});
