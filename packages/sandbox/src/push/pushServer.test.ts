import { randomBytes } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_KEY } from '@pasarela/core';
import { startServer, type RunningServer } from '../server';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A bare RFC 6455 client: the handshake, then the text frames the server sends (short ones). */
function openSocket(port: number, query: string): Promise<{ status: string; messages: unknown[]; socket: Socket; next: () => Promise<unknown> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const messages: unknown[] = [];
    const waiters: Array<(m: unknown) => void> = [];
    let buffer = Buffer.alloc(0);
    let status = '';
    socket.on('error', reject);
    socket.write(`GET /api/v1/push?${query} HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    socket.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      if (!status) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        status = buffer.subarray(0, end).toString().split('\r\n')[0] ?? '';
        buffer = buffer.subarray(end + 4);
        resolve({ status, messages, socket, next: () => new Promise((r) => (messages.length ? r(messages.shift()) : waiters.push(r))) });
      }
      while (buffer.length >= 2 && buffer.length >= 2 + (buffer[1] ?? 0)) {
        const length = buffer[1] ?? 0;
        const message = JSON.parse(buffer.subarray(2, 2 + length).toString()) as unknown;
        buffer = buffer.subarray(2 + length);
        const waiter = waiters.shift();
        if (waiter) waiter(message);
        else messages.push(message);
      }
    });
  });
}

let server: RunningServer;
let port: number;
beforeAll(async () => {
  port = await freePort();
  server = await startServer({ port, demoPort: await freePort(), wireEncoding: false });
});
afterAll(() => server.close());

describe('push-notification websocket', () => {
  it('sends the current state of a payment, then its change when the payer pays', async () => {
    const link = (await fetch(`${server.url}/sandbox/links`, { method: 'POST', body: JSON.stringify({ amount: 5, description: 'ws' }), headers: { 'content-type': 'application/json' } }).then((r) => r.json())) as { code: string };
    const qr = await fetch(`${server.url}/api/v1/nequi/qr?code=${link.code}`, { headers: { 'x-api-key': SANDBOX_CLIENT_KEY } })
      .then(async (r) => JSON.parse(((await r.json()) as { data: string }).data) as { codOper: string });
    const ws = await openSocket(port, `codOper=${qr.codOper}`);
    expect(ws.status).toBe('HTTP/1.1 101 Switching Protocols');
    expect(await ws.next()).toMatchObject({ type: 'transaction', codOper: qr.codOper, status: -1 });
    await fetch(`${server.url}/sandbox/nequi/${qr.codOper}`, { method: 'POST', body: JSON.stringify({ result: 'approve' }), headers: { 'content-type': 'application/json' } });
    expect(await ws.next()).toMatchObject({ codOper: qr.codOper, status: 1, method: 'nequi' });
    ws.socket.destroy();
  });
  it('refuses an unknown payment, a bad token and other paths', async () => {
    for (const [query, status] of [['codOper=PPNOPE', '404'], [`token=${'a'.repeat(64)}`, '401'], ['', '400']] as const) {
      const ws = await openSocket(port, query);
      expect(ws.status).toContain(status);
      ws.socket.destroy();
    }
  });
});
