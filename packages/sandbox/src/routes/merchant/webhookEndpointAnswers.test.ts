import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createTestApp, type TestApp } from '../../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../../test/merchantApiClient';
import { deliverDueWebhooks, startWebhookReceiver, TO_RECEIVER, type ReceivedWebhook, type WebhookReceiver } from '../../../test/webhookReceiver';

// What the webhook endpoint calls answer a merchant's server (docs/merchant-api.md "Webhook endpoints").

let t: TestApp;
let api: MerchantApiClient;
let receiver: WebhookReceiver;
beforeAll(async () => {
  [t, receiver] = await Promise.all([createTestApp(), startWebhookReceiver()]);
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(async () => {
  await Promise.all([t.close(), receiver.close()]);
});

const deliverAll = async () => {
  while ((await deliverDueWebhooks(t.db, TO_RECEIVER)) > 0);
};
const typeOf = (r: ReceivedWebhook) => (JSON.parse(r.body) as { type: string }).type;

describe('a test event\'s delivery', () => {
  // A test event's type is in its sample, not in an event of the feed: its redelivery was sent whatever
  // the endpoint took by then, a sample of a type whose real events would never reach it.
  it('is refused a redelivery once the endpoint stops taking its type, is not sent again by a retry, and goes again once it takes it', async () => {
    const m = await createMerchant(t, { name: 'Muestra Vieja S.A.' });
    const made = await api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: receiver.url, events: ['transaction.approved', 'transaction.refunded'] } });
    const id = String(made.json['id']);
    const deliveries = async () => (await api.call('GET', `/webhook-endpoints/${id}/deliveries`, { key: m.key })).json['data'] as Array<Record<string, unknown>>;
    const redeliver = (deliveryId: unknown) => api.call('POST', `/webhook-endpoints/${id}/deliveries/${String(deliveryId)}/redeliver`, { key: m.key, headers: { 'accept-language': 'en' } });
    const sentOf = (type: string) => receiver.received.filter((r) => typeOf(r) === type && r.headers['pasarela-signature'] !== undefined).length;

    const delivered = await api.call('POST', `/webhook-endpoints/${id}/test`, { key: m.key, body: { type: 'transaction.refunded' } });
    await deliverAll();
    const failing = await api.call('POST', `/webhook-endpoints/${id}/test`, { key: m.key, body: { type: 'transaction.refunded' } });
    receiver.answers.push(500);
    await deliverAll();
    expect((await deliveries()).map((d) => [d['id'], d['state']])).toEqual([[failing.json['id'], 'pending'], [delivered.json['id'], 'delivered']]);
    const before = sentOf('transaction.refunded');

    await api.call('PATCH', `/webhook-endpoints/${id}`, { key: m.key, body: { events: ['transaction.approved'] } });
    const refused = await redeliver(delivered.json['id']);
    expect([refused.status, refused.json['code']]).toEqual([409, 'webhook_event_type_not_taken']);
    expect(refused.json['message']).toContain('transaction.refunded');
    // The failed one's retry comes due: skipped, still listed, not sent.
    await t.db.query('update webhook_deliveries set next_attempt_at = now() where id = $1', [failing.json['id']]);
    await deliverAll();
    expect(sentOf('transaction.refunded')).toBe(before);
    expect(await deliveries()).toEqual([
      expect.objectContaining({ id: failing.json['id'], test: true, state: 'skipped', attempts: 1, lastStatusCode: 500, lastError: 'type not taken by the endpoint' }),
      expect.objectContaining({ id: delivered.json['id'], test: true, state: 'delivered' }),
    ]);
    expect((await redeliver(failing.json['id'])).status).toBe(409);

    // Taken again: sent as asked.
    await api.call('PATCH', `/webhook-endpoints/${id}`, { key: m.key, body: { events: ['*'] } });
    expect((await redeliver(delivered.json['id'])).status).toBe(202);
    await deliverAll();
    expect(sentOf('transaction.refunded')).toBe(before + 1);
  });

  it('asked for just before the endpoint stops taking its type stays listed, skipped, and is not sent', async () => {
    const m = await createMerchant(t, { name: 'Muestra Pronta S.A.' });
    const made = await api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: receiver.url, events: ['payout.paid', 'payout.failed'] } });
    const id = String(made.json['id']);
    const queued = await api.call('POST', `/webhook-endpoints/${id}/test`, { key: m.key, body: { type: 'payout.failed' } });
    await api.call('PATCH', `/webhook-endpoints/${id}`, { key: m.key, body: { events: ['payout.paid'] } });
    const before = receiver.received.filter((r) => typeOf(r) === 'payout.failed').length;
    await deliverAll();
    expect(receiver.received.filter((r) => typeOf(r) === 'payout.failed')).toHaveLength(before);
    expect((await api.call('GET', `/webhook-endpoints/${id}/deliveries`, { key: m.key })).json['data']).toEqual([
      expect.objectContaining({ id: queued.json['id'], test: true, state: 'skipped', attempts: 0, lastError: 'type not taken by the endpoint' }),
    ]);
  });
});

describe('a redelivery', () => {
  // Its body is Empty in the OpenAPI document, as a void's or a link's expiry: a field it does not
  // take was ignored silently, and the delivery sent again.
  it('refuses a body field it does not take, naming it, and sends nothing', async () => {
    const m = await createMerchant(t, { name: 'Cuerpo S.A.' });
    const made = await api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: receiver.url } });
    const id = String(made.json['id']);
    const test = await api.call('POST', `/webhook-endpoints/${id}/test`, { key: m.key, body: { type: 'transaction.approved' } });
    await deliverAll();
    const refused = await api.call('POST', `/webhook-endpoints/${id}/deliveries/${String(test.json['id'])}/redeliver`, { key: m.key, body: { endpointId: id }, headers: { 'accept-language': 'en' } });
    expect([refused.status, refused.json['code']]).toEqual([400, 'invalid_arguments']);
    expect(refused.json['message']).toContain('endpointId');
    expect((await api.call('GET', `/webhook-endpoints/${id}/deliveries`, { key: m.key })).json['data']).toEqual([expect.objectContaining({ state: 'delivered' })]);
    // No body, or an empty one, as before.
    expect((await api.call('POST', `/webhook-endpoints/${id}/deliveries/${String(test.json['id'])}/redeliver`, { key: m.key })).status).toBe(202);
    expect((await api.call('POST', `/webhook-endpoints/${id}/deliveries/${String(test.json['id'])}/redeliver`, { key: m.key, body: {} })).status).toBe(202);
  });
});

describe('an answer holding an endpoint\'s secret', () => {
  // A key being retired after a roll may not add an endpoint nor roll its secret (403
  // secret_key_retiring); repeating the current key's request, Idempotency-Key and body, it was
  // answered the kept answer, the signing secret in it.
  it('is given again only to the secret key that asked: a repeat under the retiring one is 409 idempotency_key_reused', async () => {
    const m = await createMerchant(t, { name: 'Secreto Guardado S.A.' });
    const rolled = await api.call('POST', '/keys/roll', { key: m.key, body: { expiresInSeconds: 3600 } });
    const current = String(rolled.json['secretKey']);
    const body = { url: receiver.url, events: ['transaction.approved'] };
    const made = await api.call('POST', '/webhook-endpoints', { key: current, body, idempotencyKey: 'endpoint-1' });
    expect(made.status).toBe(201);
    const id = String(made.json['id']);
    const roll = await api.call('POST', `/webhook-endpoints/${id}/roll-secret`, { key: current, body: {}, idempotencyKey: `roll-${id}-1` });
    expect(roll.status).toBe(200);

    for (const [path, idempotencyKey, sent] of [['/webhook-endpoints', 'endpoint-1', body], [`/webhook-endpoints/${id}/roll-secret`, `roll-${id}-1`, {}]] as const) {
      const retiring = await api.call('POST', path, { key: m.key, body: sent, idempotencyKey });
      expect([retiring.status, retiring.json['code']]).toEqual([409, 'idempotency_key_reused']);
      expect(JSON.stringify(retiring.json)).not.toContain('whsec_');
    }
    // The key that asked is answered its first answer again.
    const replayed = await api.call('POST', '/webhook-endpoints', { key: current, body, idempotencyKey: 'endpoint-1' });
    expect([replayed.status, replayed.headers.get('idempotent-replayed'), replayed.json['secret']]).toEqual([201, 'true', made.json['secret']]);
    const rollReplayed = await api.call('POST', `/webhook-endpoints/${id}/roll-secret`, { key: current, body: {}, idempotencyKey: `roll-${id}-1` });
    expect([rollReplayed.status, rollReplayed.json['secret']]).toEqual([200, roll.json['secret']]);
    const [kept] = await t.db.query<{ answers: string }>('select string_agg(answer, \' \') as answers from idempotency_keys where merchant_id = $1', [m.id]);
    expect(kept?.answers).not.toContain('whsec_');
  });
});
