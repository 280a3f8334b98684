import { describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createMerchant } from '../../test/testApp';
import { TO_RECEIVER, deliverDueWebhooks, useWebhookApp } from '../../test/webhookReceiver';
import { deleteOldEvents } from '../store/merchantEvents';
import { webhookSender } from './deliverWebhooks';
import { deleteOldTestDeliveries } from '../store/webhookEndpoints';

// Every attempt at a delivery is kept across redeliveries (docs/webhooks.md, docs/merchant-api.md
// "Webhook endpoints"): the admin API's webhook list and the merchant API's deliveries answer them.

const setup = useWebhookApp();

/** A failure is retried at once, and a second one is the last try: the delivery fails. */
const TWO_TRIES = { ...TO_RECEIVER, retryDelaysMs: [0] };
const deliverAll = async () => {
  while ((await deliverDueWebhooks(setup.t.db, TWO_TRIES)) > 0);
};
type Answer = Record<string, unknown>;
const attemptsOf = (delivery: Answer | undefined) => (delivery?.['recentAttempts'] as Answer[] | undefined)?.map((a) => [a['number'], a['statusCode'], a['error']]);

describe('a delivery\'s attempts', () => {
  it('are kept across a redelivery, newest first, on the admin API\'s list and both endpoints\' deliveries', async () => {
    const m = await createMerchant(setup.t, { name: 'Intentos S.A.', webhookUrl: setup.first.url });
    const made = await setup.api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: setup.second.url, events: ['transaction.approved'] } });
    const otherId = String(made.json['id']);
    const link = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido' } });
    const paid = await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code'])));
    const codOper = String(paid.data['codOper']);
    setup.first.answers.push(500, 500);
    setup.second.answers.push(503, 0);
    await deliverAll();

    const [event] = (await setup.t.admin('GET', `/webhooks?codOper=${codOper}`)).json['webhooks'] as Answer[];
    expect(event).toMatchObject({ state: 'failed', attempts: 2, lastStatusCode: 500, attemptsRecorded: 2 });
    expect(attemptsOf(event)).toEqual([[2, 500, null], [1, 500, null]]);
    const eventId = String(event?.['id']);
    expect((await setup.t.admin('POST', `/webhooks/${eventId}/redeliver`)).json).toMatchObject({ state: 'pending', attempts: 0, attemptsRecorded: 2 });
    await deliverAll();
    const [again] = (await setup.t.admin('GET', `/webhooks?codOper=${codOper}`)).json['webhooks'] as Answer[];
    expect(again).toMatchObject({ state: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null, attemptsRecorded: 3 });
    expect(attemptsOf(again)).toEqual([[3, 200, null], [2, 500, null], [1, 500, null]]);
    const times = (again?.['recentAttempts'] as Answer[]).map((a) => Date.parse(String(a['attemptedAt'])));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((again?.['recentAttempts'] as Answer[]).every((a) => Number.isInteger(a['durationMs']) && Number(a['durationMs']) >= 0)).toBe(true);

    // The merchant API answers the same for the primary endpoint (checked against the OpenAPI document).
    const endpoints = (await setup.api.call('GET', '/webhook-endpoints', { key: m.key })).json['data'] as Answer[];
    const primaryId = String(endpoints.find((e) => e['primary'])?.['id']);
    const ofPrimary = (await setup.api.call('GET', `/webhook-endpoints/${primaryId}/deliveries`, { key: m.key })).json['data'] as Answer[];
    expect(attemptsOf(ofPrimary.find((d) => d['id'] === eventId))).toEqual([[3, 200, null], [2, 500, null], [1, 500, null]]);

    // Another endpoint's delivery: a 503, then no answer in time, then redelivered and taken.
    const [other] = (await setup.api.call('GET', `/webhook-endpoints/${otherId}/deliveries`, { key: m.key })).json['data'] as Answer[];
    expect(other).toMatchObject({ state: 'failed', attemptsRecorded: 2 });
    expect(attemptsOf(other)).toEqual([[2, null, 'timeout'], [1, 503, null]]);
    const redelivered = await setup.api.call('POST', `/webhook-endpoints/${otherId}/deliveries/${String(other?.['id'])}/redeliver`, { key: m.key });
    expect(redelivered.json).toMatchObject({ state: 'pending', attempts: 0, attemptsRecorded: 2 });
    await deliverAll();
    const [taken] = (await setup.api.call('GET', `/webhook-endpoints/${otherId}/deliveries`, { key: m.key })).json['data'] as Answer[];
    expect(taken).toMatchObject({ state: 'delivered', attempts: 1, lastStatusCode: 200, attemptsRecorded: 3 });
    expect(attemptsOf(taken)).toEqual([[3, 200, null], [2, null, 'timeout'], [1, 503, null]]);
  }, 60_000);

  it('lists the last 20 with the count of all, and they go with their event past the change feed\'s 30 days', async () => {
    const m = await createMerchant(setup.t, { name: 'Reintentos S.A.', webhookUrl: setup.first.url });
    const made = await setup.api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: setup.second.url } });
    const otherId = String(made.json['id']);
    const link = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido' } });
    const codOper = String((await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code'])))).data['codOper']);
    await deliverAll();
    const [event] = (await setup.t.admin('GET', `/webhooks?codOper=${codOper}`)).json['webhooks'] as Answer[];
    const eventId = String(event?.['id']);
    for (let i = 0; i < 21; i++) {
      await setup.t.admin('POST', `/webhooks/${eventId}/redeliver`);
      await deliverAll();
    }
    const [listed] = (await setup.t.admin('GET', `/webhooks?codOper=${codOper}`)).json['webhooks'] as Answer[];
    expect(listed?.['attemptsRecorded']).toBe(22);
    expect((listed?.['recentAttempts'] as Answer[]).map((a) => a['number'])).toEqual(Array.from({ length: 20 }, (_, i) => 22 - i));

    await setup.t.db.query('update webhook_events set created_at = now() - interval \'31 days\' where id = $1', [eventId]);
    const other = (await setup.t.db.query<{ id: string }>('select id from webhook_deliveries where event_id = $1 and endpoint_id = $2', [eventId, otherId]))[0]?.id;
    expect(other).toBeDefined();
    await deleteOldEvents(setup.t.db);
    expect(await setup.t.db.query('select 1 from webhook_attempts where event_id = $1 or delivery_id = $2', [eventId, other])).toEqual([]);
  }, 60_000);

  it('a test event\'s delivery and its attempts go past the same 30 days (the events\' hourly sweep), unless pending', async () => {
    const m = await createMerchant(setup.t, { name: 'Pruebas Viejas S.A.', webhookUrl: setup.first.url });
    const made = await setup.api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: setup.second.url } });
    const sendTest = async () => String((await setup.api.call('POST', `/webhook-endpoints/${String(made.json['id'])}/test`, { key: m.key, body: { type: 'transaction.approved' } })).json['id']);
    const [old, recent, oldPending] = [await sendTest(), await sendTest(), await sendTest()];
    await deliverAll();
    expect(await setup.t.db.query('select count(*)::int as n from webhook_attempts where delivery_id = $1', [old])).toEqual([{ n: 1 }]);
    await setup.t.db.query("update webhook_deliveries set created_at = now() - interval '31 days' where id = any($1)", [[old, oldPending]]);
    await setup.t.db.query("update webhook_deliveries set created_at = now() - interval '29 days' where id = $1", [recent]);
    // Redelivered a month on: pending, its retry not yet due.
    await setup.t.db.query("update webhook_deliveries set state = 'pending', next_attempt_at = now() + interval '1 hour' where id = $1", [oldPending]);

    expect(await deleteOldTestDeliveries(setup.t.db)).toBe(1);
    const left = await setup.t.db.query<{ id: string }>('select id from webhook_deliveries where id = any($1) order by id', [[old, recent, oldPending]]);
    expect(left.map((r) => r.id)).toEqual([recent, oldPending].sort());
    expect(await setup.t.db.query('select 1 from webhook_attempts where delivery_id = $1', [old])).toEqual([]);
  }, 60_000);
});
