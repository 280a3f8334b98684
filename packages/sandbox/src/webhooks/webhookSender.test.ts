import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createTestApp, newTestSchema, tokenizedCardPayload, type TestApp } from '../../test/testApp';
import { deliverDueWebhooks, startWebhookReceiver, TO_RECEIVER, type WebhookReceiver } from '../../test/webhookReceiver';
import { webhookSender } from './deliverWebhooks';
import { postWebhook } from './postWebhook';
import { removeEndpoint } from './webhookEndpoints';
import { redeliverWebhookEvent } from '../store/webhookEvents';
import { findWebhookEndpoint, redeliver } from '../store/webhookEndpoints';
import type { Database, Queryable } from '../db/Database';
import { openDatabase } from '../db/openDatabase';
import { defaultPaths } from '../paths';

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

async function newMerchant(url: string, secondUrl?: string, app: TestApp = t): Promise<number> {
  const res = await app.admin('POST', '/merchants', { name: 'Envíos S.A.', webhookUrl: url });
  if (secondUrl) {
    const second = await app.app.request('/api/v1/merchant/webhook-endpoints', {
      method: 'POST', headers: { authorization: `Bearer ${String(res.json['secretKey'])}`, 'content-type': 'application/json' }, body: JSON.stringify({ url: secondUrl }),
    });
    expect(second.status).toBe(201);
  }
  return Number(res.json['idMerchant']);
}

/** Each payment's card is its own, so none is a duplicate. */
async function pay(merchantId: number, app: TestApp = t): Promise<string> {
  const link = await app.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'Pedido', merchantId });
  const paid = await app.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code'])));
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

/**
 * A redelivery asked while an attempt is on its way, whose last try then fails: its outcome used to
 * be written over the redelivery (state failed), so the merchant's "send it again" was answered
 * pending and never sent. `redeliverOn` is the node the merchant's call reaches.
 */
async function redeliveryWhileOnItsWay(app: TestApp, redeliverOn: Queryable): Promise<void> {
  const primary = await startWebhookReceiver();
  const other = await startWebhookReceiver();
  try {
    const merchant = await newMerchant(primary.url, other.url, app);
    await pay(merchant, app);
    const lastTry = TO_RECEIVER.retryDelaysMs.length;
    await app.db.query('update webhook_events set attempts = $2 where merchant_id = $1', [merchant, lastTry]);
    await app.db.query('update webhook_deliveries set attempts = $2 where merchant_id = $1', [merchant, lastTry]);
    const [event] = await app.db.query<{ id: string }>('select id from webhook_events where merchant_id = $1', [merchant]);
    const [delivery] = await app.db.query<{ id: string; endpoint_id: string }>('select id, endpoint_id from webhook_deliveries where merchant_id = $1', [merchant]);
    const endpoint = await findWebhookEndpoint(redeliverOn, merchant, delivery!.endpoint_id);

    const onTheirWay: ((status: number) => void)[] = [];
    const sent: string[] = [];
    const sender = webhookSender(app.db, TO_RECEIVER, (error) => {
      throw error;
    }, (post) => {
      sent.push(post.url === primary.url ? 'webhookUrl' : 'endpoint');
      return onTheirWay.length < 2 ? new Promise<number>((answer) => onTheirWay.push(answer)) : Promise.resolve(200);
    });
    await sender.pump();
    await expect.poll(() => onTheirWay.length, { timeout: 5_000 }).toBe(2);
    expect(await redeliverWebhookEvent(redeliverOn, event!.id, merchant)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(await redeliver(redeliverOn, endpoint!, delivery!.id)).toMatchObject({ state: 'pending', attempts: 0 });
    for (const answer of onTheirWay) answer(503);
    // The redeliveries go out as asked, and are recorded delivered.
    await expect.poll(async () => [
      ...(await app.db.query<{ state: string }>('select state from webhook_events where id = $1', [event!.id])),
      ...(await app.db.query<{ state: string }>('select state from webhook_deliveries where id = $1', [delivery!.id])),
    ].map((row) => row.state), { timeout: 5_000 }).toEqual(['delivered', 'delivered']);
    await sender.stop();
    expect(sent.sort()).toEqual(['endpoint', 'endpoint', 'webhookUrl', 'webhookUrl']);
  } finally {
    await Promise.all([primary.close(), other.close()]);
  }
}

const url = process.env['TEST_DATABASE_URL'];

/** The sending node's app and another node's database on one PostgreSQL schema, for the merchant's call. */
async function onTwoNodes(run: (app: TestApp, other: Database) => Promise<void>): Promise<void> {
  const schema = await newTestSchema(url!);
  const migrationsDir = defaultPaths().migrationsDir;
  const sending = await openDatabase({ databaseUrl: schema.url, migrationsDir });
  const other = await openDatabase({ databaseUrl: schema.url, migrationsDir });
  const app = await createTestApp({ db: sending });
  try {
    await run(app, other);
  } finally {
    await other.close();
    await app.close();
    await schema.drop();
  }
}

describe('a redelivery asked while an attempt is on its way', () => {
  it('stands: the attempt\'s late outcome does not undo it', async () => {
    await redeliveryWhileOnItsWay(t, t.db);
  });

  it.skipIf(!url)('stands when another node on PostgreSQL takes the merchant\'s call', async () => {
    await onTwoNodes((app, other) => redeliveryWhileOnItsWay(app, other));
  });
});

/**
 * The primary endpoint removed while an attempt to it is on its way: what it had is no longer a
 * delivery (state none), and the attempt's late outcome, whatever the old URL answered, used to
 * bring the event back. The endpoint taking its place then got it a second time; with none left,
 * the next endpoint added got an event recorded before it existed. `removeOn` is the node the
 * merchant's DELETE reaches.
 */
async function primaryRemovedWhileOnItsWay(app: TestApp, removeOn: Database, oldAnswer: number): Promise<void> {
  const receivers = await Promise.all([startWebhookReceiver(), startWebhookReceiver(), startWebhookReceiver(), startWebhookReceiver()]);
  const [oldOfReplaced, oldOfAbandoned, next, later] = receivers as [WebhookReceiver, WebhookReceiver, WebhookReceiver, WebhookReceiver];
  try {
    const addEndpoint = async (key: string, url: string) => expect((await app.app.request('/api/v1/merchant/webhook-endpoints', {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ url }),
    })).status).toBe(201);
    const replaced = await createMerchant(app, { name: 'Mudanza S.A.', webhookUrl: oldOfReplaced.url });
    await addEndpoint(replaced.key, next.url);
    const abandoned = await createMerchant(app, { name: 'Cierre S.A.', webhookUrl: oldOfAbandoned.url });
    const eventOf = async (merchantId: number) => {
      await pay(merchantId, app);
      const [event] = await app.db.query<{ id: string }>('select id from webhook_events where merchant_id = $1', [merchantId]);
      const [primary] = await app.db.query<{ id: string }>('select id from webhook_endpoints where merchant_id = $1 and is_primary', [merchantId]);
      return { eventId: event!.id, primaryId: primary!.id };
    };
    const toRemove = new Map([[oldOfReplaced.url, { ...replaced, ...(await eventOf(replaced.id)) }], [oldOfAbandoned.url, { ...abandoned, ...(await eventOf(abandoned.id)) }]]);
    const eventIds = [...toRemove.values()].map((m) => m.eventId);
    oldOfReplaced.answers.push(oldAnswer);
    oldOfAbandoned.answers.push(oldAnswer);

    await deliverDueWebhooks(app.db, TO_RECEIVER, async (post) => {
      const gone = toRemove.get(post.url);
      toRemove.delete(post.url);
      if (gone) expect(await removeEndpoint(removeOn, gone.id, gone.key, gone.primaryId)).toBeDefined();
      return postWebhook(post);
    });
    expect(await app.db.query('select state from webhook_events where id = any($1)', [eventIds])).toEqual([{ state: 'none' }, { state: 'none' }]);

    // A retry would be due by now; and the merchant left without one adds an endpoint.
    await app.db.query("update webhook_events set next_attempt_at = now() where id = any($1) and state = 'pending'", [eventIds]);
    await addEndpoint(abandoned.key, later.url);
    while ((await deliverDueWebhooks(app.db, TO_RECEIVER)) > 0);
    const idsAt = (receiver: WebhookReceiver) => receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id);
    // Its own delivery, once; the new endpoint nothing.
    expect(idsAt(next).filter((id) => id === eventIds[0])).toHaveLength(1);
    expect(idsAt(later)).not.toContain(eventIds[1]);
  } finally {
    await Promise.all(receivers.map((r) => r.close()));
  }
}

describe('the primary endpoint removed while an attempt to it is on its way', () => {
  it.each([500, 200])('is not sent again, nor to the endpoint taking its place, when the old URL answers %i', async (oldAnswer) => {
    await primaryRemovedWhileOnItsWay(t, t.db, oldAnswer);
  });

  it.skipIf(!url)('nor when another node on PostgreSQL takes the merchant\'s DELETE', async () => {
    await onTwoNodes((app, other) => primaryRemovedWhileOnItsWay(app, other, 500));
  });
});
