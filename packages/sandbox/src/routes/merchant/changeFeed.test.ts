import { describe, expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';
import { tokenizedCardPayload, createMerchant } from '../../../test/testApp';
import { TO_RECEIVER, deliverDueWebhooks } from '../../../test/webhookReceiver';
import { deleteOldEvents } from '../../store/merchantEvents';

// The change feed (GET /events), updatedFrom / updatedTo on the lists, and Pasarela-Version
// (docs/merchant-api.md "Events", "Versions"); every answer checked against the OpenAPI document.

const setup = useMerchantApi({ webhooks: true });

type Event = { id: string; type: string; apiVersion: string; createdAt: string; data: Record<string, unknown> };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function newLink(key: string, body: Record<string, unknown> = {}) {
  const res = await setup.api.call('POST', '/payment-links', { key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido', ...body } });
  expect(res.status).toBe(201);
  return String(res.json['code']);
}

/** Every page of a list, following nextCursor. */
async function allPages(key: string, path: string): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await setup.api.call('GET', `${path}${cursor ? `${sep}cursor=${cursor}` : ''}`, { key });
    expect(res.status).toBe(200);
    items.push(...(res.json['data'] as Array<Record<string, unknown>>));
    cursor = res.json['nextCursor'] as string | null;
    expect(res.json['hasMore']).toBe(cursor !== null);
    if (!cursor) return items;
  }
  throw new Error('too many pages');
}

describe('GET /events (the change feed)', () => {
  it('lists every event the webhooks carried, the same objects as their bodies, newest first, page by page, by type and time', async () => {
    const m = await setup.newMerchant('Feed S.A.');
    const code = await newLink(m.key);
    const approved = [];
    for (let i = 0; i < 3; i++) approved.push(String((await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(code))).data['codOper']));
    const voucher = await setup.t.post('/cash/pay-cash', { code, email: 'pagador@example.com', phone: '61234567' });
    const cashOper = String(voucher.data['Oper']);
    await setup.t.admin('POST', `/cash/${String(voucher.data['reference'])}/pay`);
    await deliverDueWebhooks(setup.t.db, TO_RECEIVER);
    const ours = new Set([...approved, cashOper]);
    const deliveries = setup.receiver.received.filter((r) => ours.has(String((JSON.parse(r.body) as Event).data['codOper'])));
    expect(deliveries).toHaveLength(5);
    for (const d of deliveries) expect(d.headers['pasarela-version']).toBe('2026-11-26');
    const bodies = deliveries.map((d) => JSON.parse(d.body) as Event);

    const feed = (await allPages(m.key, '/events?limit=2')) as unknown as Event[];
    const byId = (a: Event, b: Event) => a.id.localeCompare(b.id);
    expect([...feed].sort(byId)).toEqual([...bodies].sort(byId));
    for (const event of feed) setup.api.checkWebhookEvent(event);
    expect(feed.map((e) => e.createdAt)).toEqual(feed.map((e) => e.createdAt).sort().reverse());
    // Newest first: the voucher's approval was recorded last.
    expect(feed[0]).toMatchObject({ type: 'transaction.approved', apiVersion: '2026-11-26', data: { codOper: cashOper, method: 'cash' } });

    const onlyPending = (await allPages(m.key, '/events?type=transaction.pending&limit=1')) as unknown as Event[];
    expect(onlyPending.map((e) => [e.type, e.data['codOper']])).toEqual([['transaction.pending', cashOper]]);
    expect(await allPages(m.key, '/events?type=transaction.refunded')).toEqual([]);
    const first = feed.at(-1);
    expect(await allPages(m.key, `/events?createdTo=${encodeURIComponent(first?.createdAt ?? '')}`)).toEqual([]);
    expect(await allPages(m.key, `/events?createdFrom=${encodeURIComponent(first?.createdAt ?? '')}`)).toHaveLength(5);

    const one = await setup.api.call('GET', `/events/${first?.id ?? ''}`, { key: m.key });
    expect([one.status, one.json]).toEqual([200, first]);
    const stranger = await createMerchant(setup.t, { name: 'Otra S.A.' });
    expect((await setup.api.call('GET', `/events/${first?.id ?? ''}`, { key: stranger.key })).json).toMatchObject({ code: 'event_not_found' });
    expect(await allPages(stranger.key, '/events')).toEqual([]);
    expect((await setup.api.call('GET', '/events/evt_nope', { key: m.key })).status).toBe(404);
    expect((await setup.api.call('GET', '/events?cursor=bm9wZQ', { key: m.key })).json).toMatchObject({ code: 'invalid_arguments', message: expect.stringMatching(/cursor/) });
    expect((await setup.api.call('GET', '/events?type=approved', { key: m.key })).json).toMatchObject({ code: 'invalid_arguments', message: expect.stringMatching(/type .*transaction.approved/) });
    expect((await setup.api.call('GET', '/events')).status).toBe(401);
  });

  it('keeps an event 30 days', async () => {
    const m = await setup.newMerchant('Viejo S.A.');
    const codOper = String((await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(m.key)))).data['codOper']);
    const [event] = await setup.t.db.query<{ id: string }>('select id from webhook_events where cod_oper = $1', [codOper]);
    await setup.t.db.query("update webhook_events set created_at = now() - interval '31 days' where cod_oper = $1", [codOper]);
    expect(await allPages(m.key, '/events')).toEqual([]);
    expect((await setup.api.call('GET', `/events/${event?.id ?? ''}`, { key: m.key })).status).toBe(404);
  });

  it('forgets events past 30 days, unless a delivery of them is still pending', async () => {
    const m = await setup.newMerchant('Olvido S.A.');
    const pay = async () => String((await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(m.key)))).data['codOper']);
    const [old, pending, recent] = [await pay(), await pay(), await pay()];
    await deliverDueWebhooks(setup.t.db, TO_RECEIVER);
    await setup.t.db.query("update webhook_events set created_at = now() - interval '31 days' where cod_oper = any($1)", [[old, pending]]);
    await setup.t.db.query("update webhook_events set state = 'pending', next_attempt_at = now() + interval '1 hour' where cod_oper = $1", [pending]);
    expect(await deleteOldEvents(setup.t.db, 1)).toBeGreaterThanOrEqual(1);
    const left = await setup.t.db.query<{ cod_oper: string }>('select cod_oper from webhook_events where cod_oper = any($1) order by cod_oper', [[old, pending, recent]]);
    expect(left.map((r) => r.cod_oper).sort()).toEqual([pending, recent].sort());
  });

  it('lists the events of a merchant without a webhookUrl, none of them a delivery', async () => {
    const m = await createMerchant(setup.t, { name: 'Escucha S.A.' });
    const codOper = String((await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(m.key)))).data['codOper']);
    expect((await allPages(m.key, '/events')).map((e) => (e['data'] as Record<string, unknown>)['codOper'])).toEqual([codOper]);
    await deliverDueWebhooks(setup.t.db, TO_RECEIVER);
    expect(setup.receiver.received.filter((r) => (JSON.parse(r.body) as Event).data['codOper'] === codOper)).toEqual([]);
    expect(await setup.t.db.query('select state, attempts from webhook_events where cod_oper = $1', [codOper])).toEqual([{ state: 'none', attempts: 0 }]);
  });
});

describe('updatedFrom / updatedTo', () => {
  it('finds a voucher created before the last look and paid after it, a refund and an expiry made after it, and nothing else', async () => {
    const m = await setup.newMerchant('Cambios S.A.');
    const code = await newLink(m.key);
    const untouchedLink = await newLink(m.key);
    const expiredLink = await newLink(m.key);
    const voucher = await setup.t.post('/cash/pay-cash', { code, email: 'pagador@example.com', phone: '61234567' });
    const cashOper = String(voucher.data['Oper']);
    const refundedOper = String((await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(code))).data['codOper']);
    const keptOper = String((await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(code))).data['codOper']);
    await sleep(20);
    const lastLook = new Date().toISOString();
    await sleep(20);
    await setup.t.admin('POST', `/cash/${String(voucher.data['reference'])}/pay`);
    expect((await setup.api.call('POST', `/transactions/${refundedOper}/refunds`, { key: m.key, body: { amount: 5 } })).status).toBe(201);
    expect((await setup.api.call('POST', `/payment-links/${expiredLink}/expire`, { key: m.key, body: {} })).status).toBe(200);
    const q = encodeURIComponent(lastLook);

    // Created before the last look: a creation-time filter never finds them again.
    expect(await allPages(m.key, `/transactions?createdFrom=${q}`)).toEqual([]);
    const changed = await allPages(m.key, `/transactions?updatedFrom=${q}&limit=1`);
    expect(changed.map((tx) => tx['codOper']).sort()).toEqual([cashOper, refundedOper].sort());
    expect(changed.find((tx) => tx['codOper'] === cashOper)).toMatchObject({ result: 'APPROVED', method: 'cash' });
    expect(changed.find((tx) => tx['codOper'] === refundedOper)).toMatchObject({ refundedAmount: 5 });
    for (const tx of changed) expect(Date.parse(String(tx['updatedAt']))).toBeGreaterThanOrEqual(Date.parse(lastLook));
    const before = await allPages(m.key, `/transactions?updatedTo=${q}`);
    expect(before.map((tx) => tx['codOper'])).toEqual([keptOper]);
    expect(await allPages(m.key, `/transactions?updatedFrom=${q}&result=DECLINED`)).toEqual([]);

    const links = await allPages(m.key, `/payment-links?updatedFrom=${q}`);
    expect(links.map((l) => [l['code'], l['state']])).toEqual([[expiredLink, 'expired']]);
    const older = await allPages(m.key, `/payment-links?updatedTo=${q}`);
    expect(older.map((l) => l['code']).sort()).toEqual([code, untouchedLink].sort());
    // A payment made on a link is a change of it (its payments count).
    await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(untouchedLink));
    const paidOn = await allPages(m.key, `/payment-links?updatedFrom=${q}`);
    expect(paidOn.map((l) => l['code']).sort()).toEqual([expiredLink, untouchedLink].sort());
    expect((await setup.api.call('GET', '/transactions?updatedFrom=yesterday', { key: m.key })).json).toMatchObject({ code: 'invalid_arguments', message: expect.stringMatching(/updatedFrom/) });
  });

  it('moves updated_at on a write that does not set it (every writer is covered), not on a details-only touch', async () => {
    const m = await createMerchant(setup.t, { name: 'Disparador S.A.' });
    const codOper = String((await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(m.key)))).data['codOper']);
    await setup.t.db.query("update transactions set updated_at = now() - interval '1 hour' where cod_oper = $1", [codOper]);
    const at = async () => (await setup.t.db.query<{ updated_at: Date }>('select updated_at from transactions where cod_oper = $1', [codOper]))[0]?.updated_at.getTime() ?? 0;
    const old = await at();
    await setup.t.db.query("update transactions set details = details || '{\"qr\":\"x\"}'::jsonb where cod_oper = $1", [codOper]);
    expect(await at()).toBe(old);
    await setup.t.db.query('update transactions set refunded_cents = 100 where cod_oper = $1', [codOper]);
    expect(await at()).toBeGreaterThan(old + 3_000_000);
  });
});

describe('Pasarela-Version', () => {
  it('names the version on every answer, takes a pinned known version, and refuses an unknown one with 400 unsupported_api_version', async () => {
    const m = await createMerchant(setup.t, { name: 'Versiones S.A.' });
    const answers = [
      await setup.api.call('GET', '/transactions', { key: m.key }),
      await setup.api.call('GET', '/transactions'),
      await setup.api.call('GET', '/transactions/PPNOPE', { key: m.key }),
      await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 1, description: 'x' } }),
      await setup.api.call('GET', '/events', { key: m.key, headers: { 'pasarela-version': '2026-11-26' } }),
    ];
    expect(answers.map((a) => [a.status, a.headers.get('pasarela-version')])).toEqual([
      [200, '2026-11-26'], [401, '2026-11-26'], [404, '2026-11-26'], [201, '2026-11-26'], [200, '2026-11-26'],
    ]);
    expect((await setup.t.app.request('/api/v1/merchant/openapi.json')).headers.get('pasarela-version')).toBe('2026-11-26');
    // Refused before the merchant routes: a body over the limit, a control character in the query.
    const tooLarge = await setup.t.app.request('/api/v1/merchant/payment-links', {
      method: 'POST', headers: { authorization: `Bearer ${m.key}`, 'content-type': 'application/json', 'idempotency-key': 'big-1' }, body: JSON.stringify({ description: 'x'.repeat(70_000) }),
    });
    const control = await setup.t.app.request('/api/v1/merchant/transactions?orderReference=a%00b', { headers: { authorization: `Bearer ${m.key}` } });
    expect([tooLarge.status, tooLarge.headers.get('pasarela-version'), control.status, control.headers.get('pasarela-version')]).toEqual([413, '2026-11-26', 400, '2026-11-26']);
    for (const asked of ['2025-01-01', 'latest', '']) {
      const refused = await setup.api.call('GET', '/transactions', { key: m.key, headers: { 'pasarela-version': asked } });
      expect([refused.status, refused.json['code'], refused.headers.get('pasarela-version')], asked).toEqual([400, 'unsupported_api_version', '2026-11-26']);
      expect(String(refused.json['message'])).toContain('2026-11-26');
    }
  });
});
