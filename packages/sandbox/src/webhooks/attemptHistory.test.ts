import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createMerchant, createTestApp, type TestApp } from '../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../test/merchantApiClient';
import { startWebhookReceiver, TO_RECEIVER, type WebhookReceiver, deliverDueWebhooks } from '../../test/webhookReceiver';
import { deleteOldEvents } from '../store/merchantEvents';

// Every attempt at a delivery is kept across redeliveries (docs/webhooks.md, docs/merchant-api.md
// "Webhook endpoints"): the admin API's webhook list and the merchant API's deliveries answer them.

let t: TestApp;
let api: MerchantApiClient;
let first: WebhookReceiver;
let second: WebhookReceiver;
beforeAll(async () => {
  [t, first, second] = await Promise.all([createTestApp(), startWebhookReceiver(), startWebhookReceiver()]);
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(async () => {
  await Promise.all([t.close(), first.close(), second.close()]);
});

/** A failure is retried at once, and a second one is the last try: the delivery fails. */
const TWO_TRIES = { ...TO_RECEIVER, retryDelaysMs: [0] };
const deliverAll = async () => {
  while ((await deliverDueWebhooks(t.db, TWO_TRIES)) > 0);
};
type Answer = Record<string, unknown>;
const attemptsOf = (delivery: Answer | undefined) => (delivery?.['recentAttempts'] as Answer[] | undefined)?.map((a) => [a['number'], a['statusCode'], a['error']]);

describe('a delivery\'s attempts', () => {
  it('are kept across a redelivery, newest first, on the admin API\'s list and both endpoints\' deliveries', async () => {
    const m = await createMerchant(t, { name: 'Intentos S.A.', webhookUrl: first.url });
    const made = await api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: second.url, events: ['transaction.approved'] } });
    const otherId = String(made.json['id']);
    const link = await api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido' } });
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code'])));
    const codOper = String(paid.data['codOper']);
    first.answers.push(500, 500);
    second.answers.push(503, 0);
    await deliverAll();

    const [event] = (await t.admin('GET', `/webhooks?codOper=${codOper}`)).json['webhooks'] as Answer[];
    expect(event).toMatchObject({ state: 'failed', attempts: 2, lastStatusCode: 500, attemptsRecorded: 2 });
    expect(attemptsOf(event)).toEqual([[2, 500, null], [1, 500, null]]);
    const eventId = String(event?.['id']);
    expect((await t.admin('POST', `/webhooks/${eventId}/redeliver`)).json).toMatchObject({ state: 'pending', attempts: 0, attemptsRecorded: 2 });
    await deliverAll();
    const [again] = (await t.admin('GET', `/webhooks?codOper=${codOper}`)).json['webhooks'] as Answer[];
    expect(again).toMatchObject({ state: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null, attemptsRecorded: 3 });
    expect(attemptsOf(again)).toEqual([[3, 200, null], [2, 500, null], [1, 500, null]]);
    const times = (again?.['recentAttempts'] as Answer[]).map((a) => Date.parse(String(a['attemptedAt'])));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((again?.['recentAttempts'] as Answer[]).every((a) => Number.isInteger(a['durationMs']) && Number(a['durationMs']) >= 0)).toBe(true);

    // The merchant API answers the same for the primary endpoint (checked against the OpenAPI document).
    const endpoints = (await api.call('GET', '/webhook-endpoints', { key: m.key })).json['data'] as Answer[];
    const primaryId = String(endpoints.find((e) => e['primary'])?.['id']);
    const ofPrimary = (await api.call('GET', `/webhook-endpoints/${primaryId}/deliveries`, { key: m.key })).json['data'] as Answer[];
    expect(attemptsOf(ofPrimary.find((d) => d['id'] === eventId))).toEqual([[3, 200, null], [2, 500, null], [1, 500, null]]);

    // Another endpoint's delivery: a 503, then no answer in time, then redelivered and taken.
    const [other] = (await api.call('GET', `/webhook-endpoints/${otherId}/deliveries`, { key: m.key })).json['data'] as Answer[];
    expect(other).toMatchObject({ state: 'failed', attemptsRecorded: 2 });
    expect(attemptsOf(other)).toEqual([[2, null, 'timeout'], [1, 503, null]]);
    const redelivered = await api.call('POST', `/webhook-endpoints/${otherId}/deliveries/${String(other?.['id'])}/redeliver`, { key: m.key });
    expect(redelivered.json).toMatchObject({ state: 'pending', attempts: 0, attemptsRecorded: 2 });
    await deliverAll();
    const [taken] = (await api.call('GET', `/webhook-endpoints/${otherId}/deliveries`, { key: m.key })).json['data'] as Answer[];
    expect(taken).toMatchObject({ state: 'delivered', attempts: 1, lastStatusCode: 200, attemptsRecorded: 3 });
    expect(attemptsOf(taken)).toEqual([[3, 200, null], [2, null, 'timeout'], [1, 503, null]]);
  }, 60_000);

  it('lists the last 20 with the count of all, and they go with their event past the change feed\'s 30 days', async () => {
    const m = await createMerchant(t, { name: 'Reintentos S.A.', webhookUrl: first.url });
    const made = await api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: second.url } });
    const otherId = String(made.json['id']);
    const link = await api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido' } });
    const codOper = String((await t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code'])))).data['codOper']);
    await deliverAll();
    const [event] = (await t.admin('GET', `/webhooks?codOper=${codOper}`)).json['webhooks'] as Answer[];
    const eventId = String(event?.['id']);
    for (let i = 0; i < 21; i++) {
      await t.admin('POST', `/webhooks/${eventId}/redeliver`);
      await deliverAll();
    }
    const [listed] = (await t.admin('GET', `/webhooks?codOper=${codOper}`)).json['webhooks'] as Answer[];
    expect(listed?.['attemptsRecorded']).toBe(22);
    expect((listed?.['recentAttempts'] as Answer[]).map((a) => a['number'])).toEqual(Array.from({ length: 20 }, (_, i) => 22 - i));

    await t.db.query('update webhook_events set created_at = now() - interval \'31 days\' where id = $1', [eventId]);
    const other = (await t.db.query<{ id: string }>('select id from webhook_deliveries where event_id = $1 and endpoint_id = $2', [eventId, otherId]))[0]?.id;
    expect(other).toBeDefined();
    await deleteOldEvents(t.db);
    expect(await t.db.query('select 1 from webhook_attempts where event_id = $1 or delivery_id = $2', [eventId, other])).toEqual([]);
  }, 60_000);
});
