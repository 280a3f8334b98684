import { createServer, type Server } from 'node:http';
import { type GatewayEvent, NOTIFICATION_SIGNATURE_HEADER, signNotification } from '@pasarela/gateways';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type RunningSimulator } from '@pasarela/simulator';
import type { RunningServer } from '../../server';
import { freePort } from '../../../test/freePort';
import { nodeClient } from '../../../test/nodeClient';
import { tokenizedCardPayload } from '../../../test/testApp';
import { startTestServer, TEST_SIMULATOR_API_SECRET } from '../../../test/testServer';
import { createLogger } from '../../ops/logger';

// What the simulator tells later reaches the server over the network, signed, at
// POST /gateways/:port/notifications: a phone's answer arrives with nobody asking; a notification
// delivered twice, out of order, late, forged or replayed changes a payment at most once, and only
// while it waits.

const SECRET = 'notifications-test-secret';
let simulator: RunningSimulator;
let server: RunningServer;
let client: ReturnType<typeof nodeClient>;
let code: string;

/** Run once the simulator answered a call that went through the proxy, before the server gets that answer. */
let afterAnswer: ((path: string) => Promise<void>) | undefined;
let proxy: Server;
/** The node's lines at warn and above. */
const warnings: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  simulator = await startSimulator({ apiSecret: TEST_SIMULATOR_API_SECRET, notificationSecret: SECRET, tickMs: 50 });
  proxy = await answerProxy(simulator.url, (path) => afterAnswer?.(path) ?? Promise.resolve());
  const address = proxy.address();
  const proxyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const port = await freePort();
  server = await startTestServer({ port, demoPort: await freePort(), wireEncoding: false, processorsUrl: proxyUrl, notificationSecret: SECRET, expirySweepIntervalMs: 0, subscriptionChargeIntervalMs: 0, webhookIntervalMs: 0,
    logger: createLogger('warn', { write: (line: string) => void warnings.push(JSON.parse(line) as Record<string, unknown>) }) });
  client = nodeClient(server.url);
  code = String((await client.admin('POST', '/links', { amount: 40, taxAmount: 0, description: 'Notificaciones' })).data['code']);
});
afterAll(async () => {
  await server?.close();
  proxy?.close();
  await simulator?.close();
});

/** Passes every call on to the simulator, and runs `after` between the simulator's answer and the server's receiving it. */
async function answerProxy(target: string, after: (path: string) => Promise<void>): Promise<Server> {
  const proxied = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => void (async () => {
      const headers = Object.fromEntries(['authorization', 'content-type', 'idempotency-key'].flatMap((h) => (req.headers[h] ? [[h, String(req.headers[h])]] : [])));
      const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body });
      const text = await answer.text();
      await after(req.url ?? '');
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
    })().catch(() => res.writeHead(502).end()));
  });
  await new Promise<void>((resolve) => proxied.listen(0, '127.0.0.1', resolve));
  return proxied;
}

/** What the simulator's books hold for an attempt, set as its payer would have set it there. */
async function booksSay(port: string, key: string, state: Record<string, unknown>) {
  expect(await simulator.books.move(port, key, ({ state: was }) => ({ ...(was as object), ...state }))).toMatchObject({ moved: true });
}

const status = async (codOper: string) =>
  (await server.db.query<{ status: number; auth_status: string }>('select status, auth_status from transactions where cod_oper = $1', [codOper]))[0];
const eventsOf = async (codOper: string) =>
  (await server.db.query<{ id: string }>('select id from gateway_events where attempt_key = $1 order by received_at', [codOper])).map((r) => r.id);

async function notify(port: string, event: GatewayEvent, options: { secret?: string; at?: number; to?: RunningServer } = {}) {
  const body = JSON.stringify(event);
  const signature = signNotification(body, options.secret ?? SECRET, options.at ?? Math.floor(Date.now() / 1000));
  const res = await fetch(`${(options.to ?? server).url}/gateways/${port}/notifications`, { method: 'POST', body, headers: { 'content-type': 'application/json', [NOTIFICATION_SIGNATURE_HEADER]: signature } });
  return res.status;
}

describe('notifications from the simulator', () => {
  it('a test phone\'s answer arrives as a signed notification, with no node asking', async () => {
    const push = await client.api('/nequi/push', { code, phone: '61111111' });
    const codOper = String(push.data['codOper']);
    expect(await status(codOper)).toMatchObject({ status: -1 });
    await vi.waitFor(async () => expect(await status(codOper)).toMatchObject({ status: 1, auth_status: 'APPROVED' }), { timeout: 10_000, interval: 100 });
    expect(await eventsOf(codOper)).toEqual([`sim:push:${codOper}:approved`]);
  });

  it('forged (wrong secret, no signature, too old, another port\'s kind): 401 and nothing changes', async () => {
    const push = await client.api('/nequi/push', { code, phone: '63333333' });
    const codOper = String(push.data['codOper']);
    const approved: GatewayEvent = { id: `forged:${codOper}`, key: codOper, kind: 'push', answer: { state: 'approved' } };
    expect(await notify('push', approved, { secret: 'not-the-secret' })).toBe(401);
    expect(await notify('push', approved, { at: Math.floor(Date.now() / 1000) - 3_600 })).toBe(401);
    expect(await notify('card', approved)).toBe(401);
    const res = await fetch(`${server.url}/gateways/push/notifications`, { method: 'POST', body: JSON.stringify(approved), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
    expect(await status(codOper)).toMatchObject({ status: -1 });
    expect(await eventsOf(codOper)).toEqual([]);
    // Each refusal is a warning naming the signing secret: a node whose secret is not the processor's
    // refuses every notification, and its operator must see it.
    const refused = warnings.filter((l) => l['route'] === '/gateways/:port/notifications');
    expect(refused).toHaveLength(4);
    expect(refused[0]).toMatchObject({ level: 40, msg: 'request refused', status: 401, cause: expect.stringContaining('SIMULATOR_NOTIFICATION_SECRET') });
  });

  it('delivered twice, replayed, and out of order: the payment changes once, by the first the books agree with', async () => {
    const push = await client.api('/nequi/push', { code, phone: '63333333' });
    const codOper = String(push.data['codOper']);
    const declined: GatewayEvent = { id: `sim:push:${codOper}:declined`, key: codOper, kind: 'push', answer: { state: 'declined' } };
    const approved: GatewayEvent = { id: `sim:push:${codOper}:approved`, key: codOper, kind: 'push', answer: { state: 'approved' } };
    await booksSay('push', codOper, { state: 'declined' });
    expect(await Promise.all([notify('push', declined), notify('push', declined)])).toEqual([200, 200]);
    expect(await status(codOper)).toMatchObject({ status: 0 });
    // A later, contradicting one (out of order, or forged with a valid signature) finds it ended, and is not even recorded.
    expect(await notify('push', approved)).toBe(200);
    expect(await notify('push', declined)).toBe(200);
    expect(await status(codOper)).toMatchObject({ status: 0 });
    expect(await eventsOf(codOper)).toEqual([declined.id]);
  });

  it('a settle call whose own event the simulator\'s notification delivered first answers what that did, not 409', async () => {
    const push = await client.api('/nequi/push', { code, phone: '63333333' });
    const codOper = String(push.data['codOper']);
    // The payer's phone approves at the simulator; its notification reaches the server before the
    // settle call's answer does (the proxy hands it over first), so the settle call finds its event recorded.
    afterAnswer = async (path) => {
      if (path === '/v1/controls/push-answer') expect(await notify('push', { id: `sim:push:${codOper}:approved`, key: codOper, kind: 'push', answer: { state: 'approved' } })).toBe(200);
    };
    const settle = await client.admin('POST', `/nequi/${codOper}`, { result: 'approve' });
    afterAnswer = undefined;
    expect(settle.status).toBe(200);
    expect(settle.data).toMatchObject({ codOper, status: 1 });
    expect(await eventsOf(codOper)).toEqual([`sim:push:${codOper}:approved`]);
    // Asked again, it has ended: the simulator's phone answered already.
    expect((await client.admin('POST', `/nequi/${codOper}`, { result: 'approve' })).status).toBe(409);
  });

  it('a card or a voucher a notification pays gets its receipt e-mail once, however often it is delivered', async () => {
    const receipts = async (codOper: string) =>
      (await server.db.query<{ n: number }>("select count(*)::int as n from mailbox where kind = 'receipt' and position($1 in body) > 0", [codOper]))[0]?.n;
    // The issuer answers this test card later (pending): its approval arrives as a notification.
    const pending = await client.api('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000000259', amount: 40, taxAmount: 0 }));
    const card = String(pending.data['codOper']);
    const approved: GatewayEvent = { id: `receipt:${card}`, key: card, kind: 'card', decision: { status: 'approved', reference: `ref-${card}`, message: 'ok' } };
    await booksSay('card', card, { status: 'approved', reference: `ref-${card}`, message: 'ok' });
    expect(await Promise.all([notify('card', approved), notify('card', approved)])).toEqual([200, 200]);
    expect(await status(card)).toMatchObject({ status: 1 });
    expect(await receipts(card)).toBe(1);
    const issued = await client.api('/cash/pay-cash', { code, email: 'kiosko@example.com' });
    const voucher = String(issued.data['Oper']);
    const paid: GatewayEvent = { id: `receipt:${voucher}`, key: voucher, kind: 'voucher', voucher: { state: 'paid', reference: String(issued.data['reference']) } };
    await booksSay('voucher', voucher, { state: 'paid' });
    expect(await Promise.all([notify('voucher', paid), notify('voucher', paid)])).toEqual([200, 200]);
    expect(voucher).not.toBe('undefined');
    expect(await receipts(voucher)).toBe(1);
  });

  it('late: a 3DS outcome arriving after the payment was settled by the settle call changes nothing more', async () => {
    const paid = await client.api('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220', amount: 40, taxAmount: 0 }));
    const codOper = String(paid.data['codOper']);
    // The issuer's page answers (the settle path records it now), and the simulator's notification comes after.
    const page = await fetch(`${server.url}/sandbox/3ds/${codOper}`, { method: 'POST', body: new URLSearchParams({ result: 'approve' }), headers: { accept: 'application/json' } });
    expect(page.status).toBe(200);
    expect(await status(codOper)).toMatchObject({ status: 1 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await notify('card', { id: `late:${codOper}`, key: codOper, kind: 'card', decision: { status: 'declined', reference: 'x', reason: 'generic', message: 'x' } })).toBe(200);
    expect(await status(codOper)).toMatchObject({ status: 1, auth_status: 'APPROVED' });
  });

  it('late: a phone\'s approval arriving after the reconciler ended the wait at its window changes nothing', async () => {
    // A node whose Nequi window is 300 ms and whose reconciler passes every 200 ms.
    const quick = await startTestServer({ port: await freePort(), demoPort: await freePort(), wireEncoding: false, processorsUrl: simulator.url, notificationSecret: SECRET, payerWindows: { nequiMs: 300, yappyMs: 300 }, expirySweepIntervalMs: 200, subscriptionChargeIntervalMs: 0, webhookIntervalMs: 0 });
    try {
      const quickClient = nodeClient(quick.url);
      const link = String((await quickClient.admin('POST', '/links', { amount: 40, taxAmount: 0, description: 'Tarde' })).data['code']);
      const codOper = String((await quickClient.api('/nequi/push', { code: link, phone: '63333333' })).data['codOper']);
      const row = async () => (await quick.db.query<{ status: number; auth_status: string }>('select status, auth_status from transactions where cod_oper = $1', [codOper]))[0];
      await vi.waitFor(async () => expect((await row())?.status).not.toBe(-1), { timeout: 10_000, interval: 100 });
      const ended = await row();
      expect(await notify('push', { id: `sim:push:${codOper}:approved`, key: codOper, kind: 'push', answer: { state: 'approved' } }, { to: quick })).toBe(200);
      expect(await row()).toEqual(ended);
      expect(ended?.auth_status).not.toBe('APPROVED');
    } finally {
      await quick.close();
    }
  });
});

describe('what a signed notification may change', () => {
  it('only an attempt of its own port: a voucher event for a Nequi push, a push event for a voucher, change nothing', async () => {
    const push = String((await client.api('/nequi/push', { code, phone: '63333333' })).data['codOper']);
    const voucher = String((await client.api('/cash/pay-cash', { code, phone: '61234567' })).data['Oper']);
    // The voucher is paid at the kiosk, so the voucher network's books would agree with a voucher event for it.
    await booksSay('voucher', voucher, { state: 'paid' });
    const before = { push: await status(push), voucher: await status(voucher) };
    expect(await notify('voucher', { id: `cross:${push}`, key: push, kind: 'voucher', voucher: { reference: '123456789012', state: 'paid' } })).toBe(200);
    expect(await notify('push', { id: `cross:${voucher}`, key: voucher, kind: 'push', answer: { state: 'approved' } })).toBe(200);
    expect(await notify('card', { id: `cross:card:${push}`, key: push, kind: 'card', decision: { status: 'approved', reference: 'ref-x', message: 'ok' } })).toBe(200);
    expect({ push: await status(push), voucher: await status(voucher) }).toEqual(before);
    expect(before.push).toMatchObject({ status: -1 });
    expect([...(await eventsOf(push)), ...(await eventsOf(voucher))]).toEqual([]);
  });

  it('only as the processor\'s books allow: one they contradict changes and records nothing; the event they agree with applies', async () => {
    const voucher = await client.api('/cash/pay-cash', { code, phone: '61234567' });
    const codOper = String(voucher.data['Oper']);
    const issued = await status(codOper);
    const paid: GatewayEvent = { id: `sim:voucher:${codOper}:paid`, key: codOper, kind: 'voucher', voucher: { reference: String(voucher.data['reference']), state: 'paid' } };
    // Signed, but nobody paid at a kiosk: the voucher network's books say issued.
    expect(await notify('voucher', paid)).toBe(200);
    expect(await status(codOper)).toEqual(issued);
    expect(await eventsOf(codOper)).toEqual([]);
    // A 3DS challenge the issuer's books still hold open: an approval notified for it changes nothing.
    // A second purchase the payer confirmed (an earlier test paid with this card at this merchant).
    const charged = await client.api('/cards/auth-capture', { ...await tokenizedCardPayload(code, { cardNumber: '4000000000003220', amount: 40, taxAmount: 0 }), tryAgain: true });
    expect(charged.status).toBe(200);
    const challenged = String(charged.data['codOper']);
    const waiting = await status(challenged);
    expect(waiting).toMatchObject({ status: -1, auth_status: 'PENDING_3DS' });
    expect(await notify('card', { id: `sim:card:${challenged}:approved`, key: challenged, kind: 'card', decision: { status: 'approved', reference: 'ref-x', message: 'ok' } })).toBe(200);
    expect(await status(challenged)).toEqual(waiting);
    expect(await eventsOf(challenged)).toEqual([]);
    // Once paid at the kiosk, the same event (its id was never taken) pays it.
    await booksSay('voucher', codOper, { state: 'paid' });
    expect(await notify('voucher', paid)).toBe(200);
    expect(await status(codOper)).toMatchObject({ status: 2, auth_status: 'PAID' });
    expect(await eventsOf(codOper)).toEqual([paid.id]);
  });
});

describe('a dispute\'s signed notification (issue 89: "every processor event is checked before it moves money")', () => {
  const disputesOf = (codOper: string) => server.db.query<{ reference: string; amount_cents: number; taken_cents: number }>(
    'select reference, amount_cents, taken_cents from gateway_disputes where cod_oper = $1', [codOper]);
  const disputeLines = (codOper: string) => server.db.query<{ amount_cents: number }>("select amount_cents from balance_transactions where cod_oper = $1 and type like 'dispute%'", [codOper]);

  async function paidCard() {
    const paid = await client.api('/cards/auth-capture', { ...await tokenizedCardPayload(code, { amount: 40, taxAmount: 0, cardNumber: '4242424242424242' }), tryAgain: true });
    const codOper = String(paid.data['codOper']);
    const [row] = await server.db.query<{ gateway_reference: string }>('select gateway_reference from transactions where cod_oper = $1', [codOper]);
    return { codOper, reference: String(row?.gateway_reference) };
  }
  const dispute = (reference: string, amountCents: number) =>
    ({ reference, status: 'needs_response' as const, stage: 'chargeback' as const, amountCents, currency: 'USD', reason: 'fraudulent', evidenceDueBy: new Date(Date.now() + 86_400_000) });

  it('malformed (no charge, no dispute reference): 400, not 500, so the processor stops resending; nothing recorded', async () => {
    const { codOper, reference } = await paidCard();
    for (const bad of [
      { id: 'evt-bad-1', kind: 'dispute', paymentReference: reference, dispute: {} },
      { id: 'evt-bad-2', kind: 'dispute', dispute: dispute('dp_bad', 4000) },
      { id: 'evt-bad-3', kind: 'dispute', paymentReference: reference, dispute: { reference: 42 } },
      { id: '', kind: 'dispute', paymentReference: reference, dispute: dispute('dp_bad', 4000) },
    ]) expect(await notify('card', bad as unknown as GatewayEvent)).toBe(400);
    expect(await disputesOf(codOper)).toEqual([]);
  });

  it('one the processor\'s books do not hold moves nothing; once they do, the same event applies', async () => {
    const { codOper, reference } = await paidCard();
    const event: GatewayEvent = { id: `evt-dp-${codOper}`, kind: 'dispute', paymentReference: reference, dispute: dispute(`dp_${codOper}`, 4000) };
    expect(await notify('card', event)).toBe(200);
    expect([await disputesOf(codOper), await disputeLines(codOper)]).toEqual([[], []]);
    await booksSay('card', String(chargeKeyOf(reference)), { disputes: [dispute(`dp_${codOper}`, 4000)] });
    expect(await notify('card', event)).toBe(200);
    expect(await disputesOf(codOper)).toEqual([{ reference: `dp_${codOper}`, amount_cents: 4000, taken_cents: 4000 }]);
    expect(await disputeLines(codOper)).toEqual([{ amount_cents: -4000 }]);
  });

  it('a $1,000 dispute on a $40 sale is refused: nothing recorded, nothing moved', async () => {
    const { codOper, reference } = await paidCard();
    await booksSay('card', String(chargeKeyOf(reference)), { disputes: [dispute(`dp_${codOper}`, 100_000)] });
    expect(await notify('card', { id: `evt-dp-${codOper}`, kind: 'dispute', paymentReference: reference, dispute: dispute(`dp_${codOper}`, 100_000) })).toBe(200);
    expect([await disputesOf(codOper), await disputeLines(codOper)]).toEqual([[], []]);
  });

  it('a dispute told before the server has the approval of its charge is sent again until it does, then applies', async () => {
    // Card 1976: approved, and its dispute told at once. The simulator's next tick (50 ms) delivers
    // it while the proxy still holds the approval back from the server.
    afterAnswer = async (path) => {
      if (path.endsWith('/card/authorize')) await new Promise((resolve) => setTimeout(resolve, 500));
    };
    const paid = await client.api('/cards/auth-capture', { ...await tokenizedCardPayload(code, { amount: 40, taxAmount: 0, cardNumber: '4000000000001976' }), tryAgain: true });
    afterAnswer = undefined;
    const codOper = String(paid.data['codOper']);
    expect(await status(codOper)).toMatchObject({ status: 1, auth_status: 'APPROVED' });
    await vi.waitFor(async () => expect(await disputesOf(codOper)).toEqual([{ reference: expect.stringMatching(/^dp_/), amount_cents: 4000, taken_cents: 4000 }]), { timeout: 10_000, interval: 100 });
    expect(await disputeLines(codOper)).toEqual([{ amount_cents: -4000 }]);
  });

  it('a dispute on a charge never made here (another system\'s, on a shared account): 503 only while a card attempt here waits for its answer, then acknowledged; nothing recorded', async () => {
    const foreign: GatewayEvent = { id: `evt-dp-foreign-${Date.now()}`, kind: 'dispute', paymentReference: 'ch_another_system_0001', dispute: dispute('dp_another_system_0001', 4000) };
    expect(await notify('card', foreign)).toBe(200);
    let released = () => {};
    afterAnswer = (path) => (path.endsWith('/card/authorize') ? new Promise<void>((resolve) => (released = resolve)) : Promise.resolve());
    const paying = client.api('/cards/auth-capture', { ...await tokenizedCardPayload(code, { amount: 40, taxAmount: 0 }), tryAgain: true });
    await vi.waitFor(async () => expect(await server.db.query("select 1 from transactions where auth_status = 'PROCESSING' and method = 'card'")).toHaveLength(1), { timeout: 5_000, interval: 25 });
    const early = await fetch(`${server.url}/gateways/card/notifications`, { method: 'POST', body: JSON.stringify(foreign), headers: { 'content-type': 'application/json', [NOTIFICATION_SIGNATURE_HEADER]: signNotification(JSON.stringify(foreign), SECRET, Math.floor(Date.now() / 1000)) } });
    expect([early.status, early.headers.get('retry-after'), (await early.json() as { code?: string }).code]).toEqual([503, '1', 'charge_not_yet_known']);
    released();
    afterAnswer = undefined;
    expect(await paying).toMatchObject({ status: 200, data: { status: 1 } });
    expect(await notify('card', foreign)).toBe(200);
    expect(await server.db.query("select 1 from gateway_disputes where reference = 'dp_another_system_0001'")).toEqual([]);
  });
});

/** The simulator's charge key of its reference (`simch_` + base64url). */
function chargeKeyOf(reference: string): string | undefined {
  return reference.startsWith('simch_') ? Buffer.from(reference.slice(6), 'base64url').toString() : undefined;
}
