import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_CLIENT_KEY } from '@pasarela/core';
import type { RunningServer } from '../server';
import { startTestServer } from '../../test/testServer';
import { freePort } from '../../test/freePort';
import { openSocket, upgradeRequest } from '../../test/rawWebSocket';
import { freshCaptchaToken } from '../../test/testApp';
import { transactionChannelOf } from '../changes/transactionEvents';
import { reconcileAttempts } from '../payments/reconcileAttempts';

let server: RunningServer;
let port: number;
beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({ port, demoPort: await freePort(), wireEncoding: false });
});
afterAll(() => server.close());

/** A Nequi QR payment of a link, waiting for the payer: its codOper. */
const nequiQrOf = (code: string) =>
  fetch(`${server.url}/api/v1/nequi/qr?code=${code}&captchaToken=${freshCaptchaToken()}`, { headers: { 'x-api-key': SANDBOX_CLIENT_KEY } })
    .then(async (r) => JSON.parse(((await r.json()) as { data: string }).data) as { codOper: string });
/** A new link and its Nequi QR payment, waiting. */
async function nequiQr(description: string) {
  const link = (await fetch(`${server.url}/sandbox/links`, { method: 'POST', body: JSON.stringify({ amount: 5, description }), headers: { 'content-type': 'application/json' } }).then((r) => r.json())) as { code: string };
  return nequiQrOf(link.code);
}

describe('push-notification websocket', () => {
  it('survives clients that reset their connection while their socket is being looked up', async () => {
    for (let i = 0; i < 40; i++) {
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.on('error', () => undefined);
      socket.write(upgradeRequest(`codOper=PP${i}`));
      // A reset (RST) while the server looks the payment up: its answer then meets a dead socket.
      setTimeout(() => socket.resetAndDestroy(), i % 4);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });

  it('keeps no socket open for clients that go while their payment is being read', async () => {
    const qr = await nequiQr('ws reset');
    const openSockets = async () => Number(/^pasarela_push_sockets_open (\d+)$/m.exec(await (await fetch(`${server.url}/metrics`)).text())?.[1]);
    expect(await openSockets()).toBe(0);
    // A transaction holds the database while the clients come and go: each payment's read waits.
    let release: () => void = () => undefined;
    const held = server.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    const sockets = await Promise.all(Array.from({ length: 10 }, async () => {
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.on('error', () => undefined);
      socket.write(upgradeRequest(`codOper=${qr.codOper}`));
      return socket;
    }));
    await new Promise((r) => setTimeout(r, 100));
    for (const [i, socket] of sockets.entries()) {
      if (i % 2) socket.resetAndDestroy();
      else socket.destroy();
    }
    await new Promise((r) => setTimeout(r, 100));
    release();
    await held;
    await vi.waitFor(async () => expect(await openSockets()).toBe(0), { timeout: 3_000, interval: 50 });
  });
  it('sends the current state of a payment, then its change when the payer pays', async () => {
    const qr = await nequiQr('ws');
    const ws = await openSocket(port, `codOper=${qr.codOper}`);
    expect(ws.status).toBe('HTTP/1.1 101 Switching Protocols');
    expect(await ws.next()).toMatchObject({ type: 'transaction', codOper: qr.codOper, status: -1 });
    await fetch(`${server.url}/sandbox/nequi/${qr.codOper}`, { method: 'POST', body: JSON.stringify({ result: 'approve' }), headers: { 'content-type': 'application/json' } });
    expect(await ws.next()).toMatchObject({ codOper: qr.codOper, status: 1, method: 'nequi' });
    ws.socket.destroy();
  });
  it('tells a state once, even when a notification of it arrives after the socket read the payment', async () => {
    const qr = await nequiQr('ws late');
    const ws = await openSocket(port, `codOper=${qr.codOper}`);
    try {
      expect(await ws.next()).toMatchObject({ codOper: qr.codOper, status: -1, authStatus: 'PENDING' });
      // What another node's late notification of the payment's creation looks like here.
      const pending = JSON.stringify({ codOper: qr.codOper, method: 'nequi', status: -1, authStatus: 'PENDING', userId: null, merchantId: null, origin: 'other' });
      await server.db.query('select pg_notify($1, $2)', [await transactionChannelOf(server.db), pending]);
      await server.db.query("update transactions set expires_at = now() - interval '1 second' where cod_oper = $1", [qr.codOper]);
      expect(await reconcileAttempts(server)).toContain(qr.codOper);
      expect(await ws.next()).toMatchObject({ codOper: qr.codOper, status: 0, authStatus: 'EXPIRED' });
      // And the creation's notification once more, after the expiry: old news, not told.
      await server.db.query('select pg_notify($1, $2)', [await transactionChannelOf(server.db), pending]);
      await new Promise((r) => setTimeout(r, 200));
      expect(ws.messages).toEqual([]);
    } finally {
      ws.socket.destroy();
    }
  });
  it('refuses an unknown payment, a bad token and other paths', async () => {
    for (const [query, status] of [['codOper=PPNOPE', '404'], [`token=${'a'.repeat(64)}`, '401'], ['', '400']] as const) {
      const ws = await openSocket(port, query);
      expect(ws.status).toContain(status);
      ws.socket.destroy();
    }
  });
  it('the admin stream (/sandbox/push) hears every payment and every webhook delivery change', async () => {
    const post = (path: string, body: unknown) => fetch(`${server.url}/sandbox${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }).then((r) => r.json());
    const ws = await openSocket(port, '', '/sandbox/push');
    expect(ws.status).toBe('HTTP/1.1 101 Switching Protocols');
    expect(await ws.next()).toEqual({ type: 'hello' });
    // Nothing listens on port 9: the delivery fails and stays pending, to be redelivered.
    const merchant = (await post('/merchants', { name: 'Eventos', webhookUrl: 'http://127.0.0.1:9/hooks' })) as { idMerchant: number };
    const link = (await post('/links', { amount: 5, description: 'admin ws', merchantId: merchant.idMerchant })) as { code: string };
    const qr = await nequiQrOf(link.code);
    expect(await ws.next()).toMatchObject({ type: 'transaction', codOper: qr.codOper, method: 'nequi', status: -1 });
    const { webhooks } = (await fetch(`${server.url}/sandbox/webhooks?codOper=${qr.codOper}`).then((r) => r.json())) as { webhooks: Array<{ id: string }> };
    await post(`/webhooks/${webhooks[0]?.id ?? ''}/redeliver`, {});
    let message: unknown;
    do message = await ws.next();
    while ((message as { id?: string }).id !== webhooks[0]?.id);
    expect(message).toMatchObject({ type: 'webhook', id: webhooks[0]?.id, state: 'pending' });
    ws.socket.destroy();
  });
});
