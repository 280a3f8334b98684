import { type GatewayEvent, NOTIFICATION_SIGNATURE_HEADER, signNotification } from '@pasarela/gateways';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type RunningSimulator } from '@pasarela/simulator';
import type { RunningServer } from '../../server';
import { freePort } from '../../test/freePort';
import { nodeClient } from '../../test/nodeClient';
import { cardPayload } from '../../test/testApp';
import { startTestServer } from '../../test/testServer';

// What the simulator tells later reaches the server over the network, signed, at
// POST /gateways/:port/notifications: a phone's answer arrives with nobody asking; a notification
// delivered twice, out of order, late, forged or replayed changes a payment at most once, and only
// while it waits.

const SECRET = 'notifications-test-secret';
let simulator: RunningSimulator;
let server: RunningServer;
let client: ReturnType<typeof nodeClient>;
let code: string;

beforeAll(async () => {
  simulator = await startSimulator({ notificationSecret: SECRET, tickMs: 50 });
  const port = await freePort();
  server = await startTestServer({ port, demoPort: await freePort(), wireEncoding: false, processorsUrl: simulator.url, notificationSecret: SECRET, expirySweepIntervalMs: 0, subscriptionChargeIntervalMs: 0, webhookIntervalMs: 0 });
  client = nodeClient(server.url);
  code = String((await client.admin('POST', '/links', { amount: 40, taxAmount: 0, description: 'Notificaciones' })).data['code']);
});
afterAll(async () => {
  await server?.close();
  await simulator?.close();
});

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
  });

  it('delivered twice, replayed, and out of order: the payment changes once, by the first', async () => {
    const push = await client.api('/nequi/push', { code, phone: '63333333' });
    const codOper = String(push.data['codOper']);
    const declined: GatewayEvent = { id: `sim:push:${codOper}:declined`, key: codOper, kind: 'push', answer: { state: 'declined' } };
    const approved: GatewayEvent = { id: `sim:push:${codOper}:approved`, key: codOper, kind: 'push', answer: { state: 'approved' } };
    expect(await Promise.all([notify('push', declined), notify('push', declined)])).toEqual([200, 200]);
    expect(await status(codOper)).toMatchObject({ status: 0 });
    // A later, contradicting one (out of order, or forged with a valid signature) finds it ended.
    expect(await notify('push', approved)).toBe(200);
    expect(await notify('push', declined)).toBe(200);
    expect(await status(codOper)).toMatchObject({ status: 0 });
    expect((await eventsOf(codOper)).sort()).toEqual([approved.id, declined.id].sort());
  });

  it('a settle call whose own event the simulator\'s notification delivered first answers what that did, not 409', async () => {
    const push = await client.api('/nequi/push', { code, phone: '63333333' });
    const codOper = String(push.data['codOper']);
    // The payer's phone approves; its notification reaches the server before the settle call records the same event.
    expect(await notify('push', { id: `sim:push:${codOper}:approved`, key: codOper, kind: 'push', answer: { state: 'approved' } })).toBe(200);
    const settle = await client.admin('POST', `/nequi/${codOper}`, { result: 'approve' });
    expect(settle.status).toBe(200);
    expect(settle.data).toMatchObject({ codOper, status: 1 });
    expect(await eventsOf(codOper)).toEqual([`sim:push:${codOper}:approved`]);
    // Asked again, it has ended: the simulator's phone answered already.
    expect((await client.admin('POST', `/nequi/${codOper}`, { result: 'approve' })).status).toBe(409);
  });

  it('late: a 3DS outcome arriving after the payment was settled by the settle call changes nothing more', async () => {
    const paid = await client.api('/cards/auth-capture', cardPayload(code, { cardNumber: '4000000000003220', amount: 40, taxAmount: 0 }));
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
