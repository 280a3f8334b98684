import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createMerchant } from '../../../test/testApp';
import { TO_RECEIVER, verifiedTimestampOf, type ReceivedWebhook, deliverDueWebhooks, useWebhookApp } from '../../../test/webhookReceiver';
import { constructEvent } from '@pasarela/node';

// Webhook endpoints, key rolls and failure rehearsals through the merchant API
// (docs/merchant-api.md "Webhook endpoints", "Rolling keys"; docs/sandbox.md "Rehearsing failures").

const setup = useWebhookApp();

const deliverAll = async () => {
  while ((await deliverDueWebhooks(setup.t.db, TO_RECEIVER)) > 0);
};
const bodyOf = (r: ReceivedWebhook) => JSON.parse(r.body) as { id: string; type: string; test?: boolean; data: { codOper: string } };
/** The v1= signatures of a Pasarela-Signature header. */
const v1sOf = (header: string | string[] | undefined) => String(header).split(',').filter((p) => p.startsWith('v1=')).map((p) => p.slice(3));
const hmac = (secret: string, header: string | string[] | undefined, body: string) =>
  createHmac('sha256', secret).update(`${/t=(\d+)/.exec(String(header))?.[1] ?? ''}.${body}`).digest('hex');

async function paidByCard(key: string): Promise<string> {
  const link = await setup.api.call('POST', '/payment-links', { key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido' } });
  const paid = await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code'])));
  return String(paid.data['codOper']);
}

/** A test event of each type sent to a new endpoint of the merchant, delivered, verified and checked against the events' schema: each one's data by type. */
async function samplesTo(m: { key: string }, types: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const made = await setup.api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: setup.second.url, events: ['*'] } });
  const id = String(made.json['id']);
  const before = setup.second.received.length;
  for (const type of types) expect((await setup.api.call('POST', `/webhook-endpoints/${id}/test`, { key: m.key, body: { type } })).status).toBe(202);
  await deliverAll();
  const received = setup.second.received.slice(before);
  for (const r of received) setup.api.checkWebhookEvent(JSON.parse(r.body));
  const events = received.map((r) => constructEvent(r.body, r.headers['pasarela-signature'], String(made.json['secret'])));
  return new Map(events.map((e) => [String(e.type), e.data as Record<string, unknown>]));
}

describe('webhook endpoints', () => {
  it('keeps the merchant\'s webhookUrl as its first endpoint, adds a second for some types, and delivers to each what it takes', async () => {
    const m = await createMerchant(setup.t, { name: 'Endpoints S.A.', webhookUrl: setup.first.url });
    const listed = await setup.api.call('GET', '/webhook-endpoints', { key: m.key });
    expect(listed.json['data']).toEqual([expect.objectContaining({ url: setup.first.url, events: ['*'], primary: true })]);
    expect(JSON.stringify(listed.json)).not.toContain(m.webhookSecret);

    const made = await setup.api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: setup.second.url, events: ['transaction.refunded'] } });
    expect(made.status).toBe(201);
    const id = String(made.json['id']);
    const secret = String(made.json['secret']);
    expect(secret).toMatch(/^whsec_/);
    expect((await setup.api.call('GET', `/webhook-endpoints/${id}`, { key: m.key })).json).toMatchObject({ id, url: setup.second.url, events: ['transaction.refunded'], primary: false });
    expect((await setup.api.call('GET', `/webhook-endpoints/${id}`, { key: m.key })).json['secret']).toBeUndefined();

    const codOper = await paidByCard(m.key);
    await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 2 } });
    expect((await setup.api.call('GET', `/transactions/${codOper}`, { key: m.key })).json['refundedAmount']).toBe(2);
    await deliverAll();
    const toFirst = setup.first.received.filter((r) => bodyOf(r).data.codOper === codOper);
    const toSecond = setup.second.received.filter((r) => bodyOf(r).data.codOper === codOper);
    expect(toFirst.map((r) => bodyOf(r).type).sort()).toEqual(['transaction.approved', 'transaction.refunded']);
    expect(toSecond.map((r) => bodyOf(r).type)).toEqual(['transaction.refunded']);
    expect(constructEvent(toSecond[0]?.body ?? '', toSecond[0]?.headers['pasarela-signature'], secret).type).toBe('transaction.refunded');
    expect(verifiedTimestampOf(toFirst[0]?.headers['pasarela-signature'], toFirst[0]?.body ?? '', m.webhookSecret)).toBeDefined();

    // Its deliveries, and one sent again: the same event id and body.
    const deliveries = (await setup.api.call('GET', `/webhook-endpoints/${id}/deliveries`, { key: m.key })).json['data'] as Array<Record<string, unknown>>;
    expect(deliveries).toEqual([expect.objectContaining({ state: 'delivered', attempts: 1, lastStatusCode: 200, test: false })]);
    const again = await setup.api.call('POST', `/webhook-endpoints/${id}/deliveries/${String(deliveries[0]?.['id'])}/redeliver`, { key: m.key });
    expect(again.status).toBe(202);
    await deliverAll();
    const resent = setup.second.received.filter((r) => bodyOf(r).data.codOper === codOper);
    expect(resent).toHaveLength(2);
    expect(resent[1]?.body).toBe(resent[0]?.body);
    const primaryId = String((listed.json['data'] as Array<Record<string, unknown>>)[0]?.['id']);
    const primaryDeliveries = (await setup.api.call('GET', `/webhook-endpoints/${primaryId}/deliveries`, { key: m.key })).json['data'] as Array<Record<string, unknown>>;
    expect(primaryDeliveries.filter((d) => d['state'] === 'delivered').length).toBeGreaterThanOrEqual(2);

    // A type named twice is kept once; with * it is * alone; an empty change changes nothing, updatedAt included.
    const twice = await setup.api.call('PATCH', `/webhook-endpoints/${id}`, { key: m.key, body: { events: ['transaction.refunded', 'transaction.approved', 'transaction.refunded'] } });
    expect(twice.json['events']).toEqual(['transaction.refunded', 'transaction.approved']);
    expect((await setup.api.call('PATCH', `/webhook-endpoints/${id}`, { key: m.key, body: {} })).json).toEqual(twice.json);
    // Changed to take everything; then deleted: nothing more goes there.
    expect((await setup.api.call('PATCH', `/webhook-endpoints/${id}`, { key: m.key, body: { events: ['transaction.approved', '*'] } })).json['events']).toEqual(['*']);
    expect((await setup.api.call('DELETE', `/webhook-endpoints/${id}`, { key: m.key })).json).toEqual({ id, deleted: true });
    expect((await setup.api.call('GET', `/webhook-endpoints/${id}`, { key: m.key })).status).toBe(404);
    const before = setup.second.received.length;
    await paidByCard(m.key);
    await deliverAll();
    expect(setup.second.received.length).toBe(before);
  });

  it('an event of a type the primary does not take is skipped, with no attempt counted (nothing was sent)', async () => {
    const m = await createMerchant(setup.t, { name: 'Solo Reembolsos S.A.' });
    const primary = await setup.api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: setup.first.url, events: ['transaction.refunded'] } });
    const codOper = await paidByCard(m.key);
    await deliverAll();
    const deliveries = (await setup.api.call('GET', `/webhook-endpoints/${String(primary.json['id'])}/deliveries`, { key: m.key })).json['data'] as Array<{ eventId: string; state: string; attempts: number; lastError: string | null }>;
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((d) => d.state === 'skipped' && d.attempts === 0 && d.lastError === 'type not taken by the endpoint')).toBe(true);
    expect(setup.first.received.some((r) => bodyOf(r).data.codOper === codOper)).toBe(false);

    // Sent again it would be skipped again: refused until the endpoint takes its type, then sent.
    const skipped = deliveries[0]!.eventId;
    const refused = await setup.api.call('POST', `/webhook-endpoints/${String(primary.json['id'])}/deliveries/${skipped}/redeliver`, { key: m.key });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'webhook_event_type_not_taken' });
    expect(String(refused.json['message'])).toContain('transaction.approved');
    const admin = await setup.t.admin('POST', `/webhooks/${skipped}/redeliver`, {});
    expect(admin.status).toBe(409);
    expect(admin.json).toMatchObject({ code: 'webhook_event_type_not_taken' });
    await setup.api.call('PATCH', `/webhook-endpoints/${String(primary.json['id'])}`, { key: m.key, body: { events: ['transaction.refunded', 'transaction.approved'] } });
    expect((await setup.api.call('POST', `/webhook-endpoints/${String(primary.json['id'])}/deliveries/${skipped}/redeliver`, { key: m.key })).status).toBe(202);
    await deliverAll();
    expect(setup.first.received.filter((r) => bodyOf(r).id === skipped)).toHaveLength(1);
  });

  it('keeps another endpoint\'s deliveries of a type it no longer takes: skipped, still listed, refused a redelivery until it takes the type again', async () => {
    const m = await createMerchant(setup.t, { name: 'Menos Tipos S.A.', webhookUrl: setup.first.url });
    const made = await setup.api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: setup.second.url } });
    const id = String(made.json['id']);
    type Delivery = { id: string; eventId: string; state: string; attempts: number; lastStatusCode: number | null; lastError: string | null };
    const deliveries = async () => (await setup.api.call('GET', `/webhook-endpoints/${id}/deliveries`, { key: m.key })).json['data'] as Delivery[];
    const redeliver = (deliveryId: string) => setup.api.call('POST', `/webhook-endpoints/${id}/deliveries/${deliveryId}/redeliver`, { key: m.key, headers: { 'accept-language': 'en' } });
    const receivedOf = (codOper: string) => setup.second.received.filter((r) => bodyOf(r).data.codOper === codOper);
    const delivered = await paidByCard(m.key);
    await deliverAll();
    const retried = await paidByCard(m.key);
    setup.second.answers.push(500);
    await deliverAll();
    const [retrying, sent] = await deliveries();
    expect([sent?.state, retrying?.state, retrying?.lastStatusCode]).toEqual(['delivered', 'pending', 500]);

    // Sent again, asked while the endpoint took its type; then the endpoint stops taking it.
    expect((await redeliver(sent!.id)).status).toBe(202);
    await setup.api.call('PATCH', `/webhook-endpoints/${id}`, { key: m.key, body: { events: ['transaction.refunded'] } });
    const refused = await redeliver(sent!.id);
    expect([refused.status, refused.json['code']]).toEqual([409, 'webhook_event_type_not_taken']);
    expect(refused.json['message']).toContain('transaction.approved');
    // Its retry comes due.
    await setup.t.db.query('update webhook_deliveries set next_attempt_at = now() where id = $1', [retrying!.id]);
    await deliverAll();
    // Neither is sent; both stay listed, as far as they got.
    expect(await deliveries()).toEqual([
      expect.objectContaining({ id: retrying!.id, state: 'skipped', attempts: 1, lastStatusCode: 500, lastError: 'type not taken by the endpoint' }),
      expect.objectContaining({ id: sent!.id, state: 'skipped', attempts: 0, lastStatusCode: 200, lastError: 'type not taken by the endpoint' }),
    ]);
    expect([receivedOf(delivered).length, receivedOf(retried).length]).toEqual([1, 1]);
    expect((await redeliver(retrying!.id)).status).toBe(409);

    // Taken again: sent as asked.
    await setup.api.call('PATCH', `/webhook-endpoints/${id}`, { key: m.key, body: { events: ['*'] } });
    expect((await redeliver(retrying!.id)).status).toBe(202);
    await deliverAll();
    expect(receivedOf(retried)).toHaveLength(2);
    expect((await deliveries())[0]).toMatchObject({ id: retrying!.id, state: 'delivered' });
  });

  it('gives a merchant without a webhookUrl one with its first endpoint, and the next one when it is deleted', async () => {
    const m = await createMerchant(setup.t, { name: 'Sin URL S.A.' });
    const a = await setup.api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: setup.first.url } });
    const b = await setup.api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: setup.second.url, events: ['transaction.refunded'] } });
    expect([a.json['primary'], b.json['primary']]).toEqual([true, false]);
    // Delivered to the primary only (the other does not take it).
    const before = await paidByCard(m.key);
    await deliverAll();
    const deliveriesOf = async (id: unknown) => ((await setup.api.call('GET', `/webhook-endpoints/${String(id)}/deliveries`, { key: m.key })).json['data'] as Array<{ eventId: string; state: string }>);
    expect((await deliveriesOf(a.json['id'])).map((d) => d.state)).toContain('delivered');
    await setup.api.call('DELETE', `/webhook-endpoints/${String(a.json['id'])}`, { key: m.key });
    expect((await setup.api.call('GET', `/webhook-endpoints/${String(b.json['id'])}`, { key: m.key })).json['primary']).toBe(true);
    // The deleted primary's deliveries went with it: the new primary never received them, nor lists them.
    expect(setup.second.received.some((r) => bodyOf(r).data.codOper === before)).toBe(false);
    expect(await deliveriesOf(b.json['id'])).toEqual([]);
    await setup.api.call('PATCH', `/webhook-endpoints/${String(b.json['id'])}`, { key: m.key, body: { events: ['*'] } });
    const codOper = await paidByCard(m.key);
    await deliverAll();
    const got = setup.second.received.find((r) => bodyOf(r).data.codOper === codOper);
    expect(constructEvent(got?.body ?? '', got?.headers['pasarela-signature'], String(b.json['secret'])).type).toBe('transaction.approved');
  });

  it('refuses bad input and another merchant\'s endpoint', async () => {
    const m = await createMerchant(setup.t, { name: 'Ajeno S.A.', webhookUrl: setup.first.url });
    const other = await createMerchant(setup.t, { name: 'Otro S.A.', webhookUrl: setup.second.url });
    const theirs = String(((await setup.api.call('GET', '/webhook-endpoints', { key: other.key })).json['data'] as Array<Record<string, unknown>>)[0]?.['id']);
    expect((await setup.api.call('GET', `/webhook-endpoints/${theirs}`, { key: m.key })).json['code']).toBe('webhook_endpoint_not_found');
    expect((await setup.api.call('DELETE', `/webhook-endpoints/${theirs}`, { key: m.key })).status).toBe(404);
    const bad = await setup.api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: 'ftp://x', events: ['*'] }, headers: { 'accept-language': 'en' } });
    expect(bad.json).toMatchObject({ code: 'invalid_arguments', message: expect.stringContaining('url must be an http or https address') });
    // A bidi override would show the URL in lists and the console as other than it is.
    for (const sneaky of ['https://example.com/\u202ehook', 'https://example.com/a\u0007b']) {
      const refused = await setup.api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: sneaky }, headers: { 'accept-language': 'es' } });
      expect(refused.json).toMatchObject({ code: 'invalid_arguments', message: expect.stringContaining('(url no puede tener caracteres de control ni bidireccionales)') });
    }
    const badType = await setup.api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: setup.first.url, events: ['payment.done'] } });
    expect(badType.status).toBe(400);
  });

  it('signs with both secrets during an endpoint secret roll\'s window, with the new one only after', async () => {
    const m = await createMerchant(setup.t, { name: 'Rota S.A.', webhookUrl: setup.first.url });
    const [endpoint] = (await setup.api.call('GET', '/webhook-endpoints', { key: m.key })).json['data'] as Array<Record<string, unknown>>;
    const rolled = await setup.api.call('POST', `/webhook-endpoints/${String(endpoint?.['id'])}/roll-secret`, { key: m.key, body: { expiresInSeconds: 3600 } });
    expect(rolled.status).toBe(200);
    const newSecret = String(rolled.json['secret']);
    expect(newSecret).not.toBe(m.webhookSecret);
    expect(Date.parse(String(rolled.json['previousSecretExpiresAt'])) - Date.now()).toBeGreaterThan(3500_000);

    const codOper = await paidByCard(m.key);
    await deliverAll();
    const got = setup.first.received.find((r) => bodyOf(r).data.codOper === codOper);
    const header = got?.headers['pasarela-signature'];
    expect(v1sOf(header)).toEqual([hmac(newSecret, header, got?.body ?? ''), hmac(m.webhookSecret, header, got?.body ?? '')]);
    expect(constructEvent(got?.body ?? '', header, m.webhookSecret).data.codOper).toBe(codOper);
    expect(constructEvent(got?.body ?? '', header, newSecret).data.codOper).toBe(codOper);

    // The window ends: one signature, the new secret's.
    await setup.t.db.query("update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = $1", [endpoint?.['id']]);
    const later = await paidByCard(m.key);
    await deliverAll();
    const next = setup.first.received.find((r) => bodyOf(r).data.codOper === later);
    expect(v1sOf(next?.headers['pasarela-signature'])).toEqual([hmac(newSecret, next?.headers['pasarela-signature'], next?.body ?? '')]);
    expect(() => constructEvent(next?.body ?? '', next?.headers['pasarela-signature'], m.webhookSecret)).toThrow();
  });

  it('sends a signed test event of the asked type to a real local receiver, marked test and listed among the deliveries', async () => {
    const m = await createMerchant(setup.t, { name: 'Prueba S.A.' });
    const made = await setup.api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: setup.second.url, events: ['transaction.approved'] } });
    const id = String(made.json['id']);
    const before = setup.second.received.length;
    // A sample of a type the endpoint does not take: its real events of that type would never be sent to it.
    const untaken = await setup.api.call('POST', `/webhook-endpoints/${id}/test`, { key: m.key, body: { type: 'transaction.refunded' }, headers: { 'accept-language': 'en' } });
    expect([untaken.status, untaken.json['code']]).toEqual([409, 'webhook_event_type_not_taken']);
    expect(untaken.json['message']).toContain('transaction.refunded');
    await setup.api.call('PATCH', `/webhook-endpoints/${id}`, { key: m.key, body: { events: ['transaction.approved', 'transaction.refunded'] } });
    const queued = await setup.api.call('POST', `/webhook-endpoints/${id}/test`, { key: m.key, body: { type: 'transaction.refunded' } });
    expect(queued.status).toBe(202);
    expect(queued.json).toMatchObject({ test: true, eventId: null, state: 'pending' });
    await deliverAll();
    const got = setup.second.received.slice(before);
    expect(got).toHaveLength(1);
    const event = constructEvent(got[0]?.body ?? '', got[0]?.headers['pasarela-signature'], String(made.json['secret']));
    expect(event.type).toBe('transaction.refunded');
    expect(bodyOf(got[0] as ReceivedWebhook).test).toBe(true);
    // A card payment of a link, as a real one: its linkCode is null only for a subscription's charge (docs/webhooks.md).
    expect(JSON.parse(got[0]?.body ?? '{}').data).toMatchObject({ method: 'card', linkCode: expect.stringMatching(/^LK[0-9A-F]{12}$/) });
    setup.api.checkWebhookEvent(JSON.parse(got[0]?.body ?? '{}'));
    const deliveries = (await setup.api.call('GET', `/webhook-endpoints/${id}/deliveries`, { key: m.key })).json['data'];
    expect(deliveries).toEqual([expect.objectContaining({ id: queued.json['id'], test: true, state: 'delivered', lastStatusCode: 200 })]);
    expect((await setup.api.call('POST', `/webhook-endpoints/${id}/test`, { key: m.key, body: { type: 'payment.done' } })).status).toBe(400);
  });

  it('sends dispute samples carrying a dispute and payout samples carrying a payout, as their real events do', async () => {
    const types = ['dispute.created', 'dispute.updated', 'dispute.closed', 'payout.paid', 'payout.failed'] as const;
    const byType = await samplesTo(await createMerchant(setup.t, { name: 'Muestras S.A.' }), types);
    for (const type of types.slice(0, 3)) {
      expect(byType.get(type)).toEqual(expect.objectContaining({ id: expect.stringMatching(/^dp_/), codOper: expect.stringMatching(/^PP/), amount: 26.75, reason: 'fraudulent', status: expect.any(String) }));
      expect(byType.get(type)).not.toHaveProperty('authStatus');
    }
    expect(byType.get('dispute.closed')?.['status']).toBe('won');
    expect(byType.get('payout.paid')).toEqual(expect.objectContaining({ id: expect.stringMatching(/^po_/), status: 'paid', arrivalDate: expect.any(String) }));
    expect(byType.get('payout.failed')).toEqual(expect.objectContaining({ status: 'failed', failureReason: 'returned_by_bank' }));
  });

  it('sends a subscription.cancelled sample carrying a cancelled subscription, in the merchant\'s currency', async () => {
    const byType = await samplesTo(await createMerchant(setup.t, { name: 'Muestras Club S.A.S.', country: 'CO' }), ['subscription.cancelled']);
    expect(byType.get('subscription.cancelled')).toEqual({
      subscriptionKey: expect.stringMatching(/^SUB/), plan: { idPlan: 1, name: 'Test plan', amount: 50000, period: 'MO', currency: 'COP' }, email: 'pagador@example.com',
      status: 'cancelled', nextChargeAt: null, createdAt: expect.any(String), cancelledAt: expect.any(String),
    });
  });

  // docs/webhooks.md: money a gateway took for a payment already called off (cancelReason paid_elsewhere
  // or payer) that could not be given back; a card's is voided and sends no event.
  it('sends an owed_to_payer sample shaped as a real one: a called-off payment with its cancelReason, not a card', async () => {
    const byType = await samplesTo(await createMerchant(setup.t, { name: 'Muestras Deuda S.A.' }), ['transaction.owed_to_payer']);
    expect(byType.get('transaction.owed_to_payer')).toEqual(expect.objectContaining({ method: 'cash', authStatus: 'CANCELLED', cancelReason: 'paid_elsewhere', owedToPayer: 26.75 }));
  });

  it('sends a merchant in pesos its samples in pesos, whole, and a payout arriving on a business day after today', async () => {
    const types = ['transaction.approved', 'transaction.refunded', 'transaction.captured', 'dispute.created', 'payout.paid'] as const;
    const byType = await samplesTo(await createMerchant(setup.t, { name: 'Muestras Bogotá S.A.S.', country: 'CO' }), types);
    expect(byType.get('transaction.approved')).toEqual(expect.objectContaining({ currency: 'COP', amount: 50000, taxAmount: 9500, totalPaid: 59500 }));
    expect(byType.get('transaction.refunded')).toEqual(expect.objectContaining({ currency: 'COP', refundedAmount: 20000 }));
    expect(byType.get('transaction.captured')).toEqual(expect.objectContaining({ currency: 'COP', totalPaid: 40000 }));
    expect(byType.get('dispute.created')).toEqual(expect.objectContaining({ currency: 'COP', amount: 59500 }));
    expect(byType.get('payout.paid')).toEqual(expect.objectContaining({ currency: 'COP', amount: 57120 }));
    const arrival = String(byType.get('payout.paid')?.['arrivalDate']);
    const todayInBogota = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    expect(arrival > todayInBogota).toBe(true);
    expect([0, 6]).not.toContain(new Date(`${arrival}T12:00:00Z`).getUTCDay());
    for (const data of byType.values()) {
      for (const [key, value] of Object.entries(data)) if (typeof value === 'number' && /amount|paid/i.test(key)) expect(Number.isInteger(value), key).toBe(true);
    }
  });
});

describe('rolling the secret key', () => {
  it('keeps the old key working inside the window it was given, and 401 after', async () => {
    const m = await createMerchant(setup.t, { name: 'Llaves S.A.' });
    const rolled = await setup.api.call('POST', '/keys/roll', { key: m.key, body: { expiresInSeconds: 2 } });
    expect(rolled.status).toBe(200);
    const newKey = String(rolled.json['secretKey']);
    expect(newKey).toMatch(/^sk_test_/);
    expect((await setup.api.call('GET', '/transactions', { key: newKey })).status).toBe(200);
    expect((await setup.api.call('GET', '/transactions', { key: m.key })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await setup.api.call('GET', '/transactions', { key: m.key })).json['code']).toBe('invalid_secret_key');
    expect((await setup.api.call('GET', '/transactions', { key: newKey })).status).toBe(200);
    // Without a window the old key stops at once; more than 7 days is refused.
    const now = await setup.api.call('POST', '/keys/roll', { key: newKey, body: {} });
    expect(now.json['previousKeyExpiresAt']).toBeNull();
    expect((await setup.api.call('GET', '/transactions', { key: newKey })).status).toBe(401);
    const tooLong = await setup.api.call('POST', '/keys/roll', { key: String(now.json['secretKey']), body: { expiresInSeconds: 7 * 86_400 + 1 } });
    expect(tooLong.json['code']).toBe('invalid_arguments');
    const [row] = await setup.t.db.query<Record<string, unknown>>('select * from merchants where id = $1', [m.id]);
    expect(JSON.stringify(row)).not.toContain(String(now.json['secretKey']));
  });
});

describe('failure rehearsals', () => {
  it('answers 429 too_many_requests with Retry-After for Pasarela-Test-Rate-Limit, and does nothing', async () => {
    const m = await createMerchant(setup.t, { name: 'Ensayo S.A.' });
    const before = await setup.t.db.query('select count(*)::int as n from payment_links');
    const res = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 5, description: 'x' }, headers: { 'pasarela-test-rate-limit': '3' } });
    expect([res.status, res.json['code'], res.headers.get('retry-after')]).toEqual([429, 'too_many_requests', '3']);
    expect(await setup.t.db.query('select count(*)::int as n from payment_links')).toEqual(before);
    expect((await setup.api.call('GET', '/transactions', { key: m.key, headers: { 'pasarela-test-rate-limit': '1' } })).status).toBe(429);
    // Not without a valid key.
    expect((await setup.api.call('GET', '/transactions', { key: 'sk_test_nobody', headers: { 'pasarela-test-rate-limit': '1' } })).status).toBe(401);
  });

  it('answers idempotency_key_in_use to a second request while the first is held by Pasarela-Test-Hold-Ms; then the first\'s answer', async () => {
    const m = await createMerchant(setup.t, { name: 'Espera S.A.' });
    const body = { amount: 5, description: 'Pedido' };
    const held = setup.api.call('POST', '/payment-links', { key: m.key, body, idempotencyKey: 'rehearse-1', headers: { 'pasarela-test-hold-ms': '1500' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await setup.api.call('POST', '/payment-links', { key: m.key, body, idempotencyKey: 'rehearse-1' });
    expect([second.status, second.json['code'], second.headers.get('retry-after')]).toEqual([409, 'idempotency_key_in_use', '1']);
    const firstAnswer = await held;
    expect(firstAnswer.status).toBe(201);
    const third = await setup.api.call('POST', '/payment-links', { key: m.key, body, idempotencyKey: 'rehearse-1' });
    expect([third.status, third.json['code'], third.headers.get('idempotent-replayed')]).toEqual([201, firstAnswer.json['code'], 'true']);
  });
});
