import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_KEY } from '@pasarela/core';
import type { RunningServer } from '../server';
import { startTestServer } from '../../test/testServer';
import { freePort } from '../../test/freePort';

/** Everything the server sends until it closes the connection, and how long that took. */
function untilClosed(socket: Socket): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('error', () => undefined);
  });
}

async function openRaw(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  return socket;
}

const http = { headersMs: 400, requestMs: 800, keepAliveMs: 5_000, shutdownMs: 3_000 };

describe('slow clients (issue 11 "Bad traffic")', () => {
  let server: RunningServer;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    server = await startTestServer({ port, demoPort: await freePort(), wireEncoding: false, http, subscriptionChargeIntervalMs: 0, expirySweepIntervalMs: 0 });
  });
  afterAll(() => server.close());

  it('answers 408 and closes a connection whose headers never end, while serving everyone else', async () => {
    const slow = await openRaw(port);
    const closed = untilClosed(slow);
    slow.write('GET /api/v1/translations/version HTTP/1.1\r\nHost: localhost\r\n');
    expect((await fetch(`${server.url}/api/v1/translations/version`)).status).toBe(200);
    const { text, ms } = await closed;
    expect(text).toContain('408');
    expect(ms).toBeLessThan(3_000);
  });

  it('answers 408 and closes a connection whose body trickles in past the request timeout', async () => {
    const slow = await openRaw(port);
    const closed = untilClosed(slow);
    slow.write(`POST /api/v1/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nx-api-key: ${SANDBOX_CLIENT_KEY}\r\nContent-Length: 100\r\n\r\n{"lo`);
    const drip = setInterval(() => slow.write(' '), 100);
    const { text, ms } = await closed;
    clearInterval(drip);
    expect(text).toContain('408');
    expect(ms).toBeLessThan(3_000);
  });
});

describe('graceful shutdown (SIGTERM)', () => {
  it('finishes a request in flight, takes no new connections, then closes the database', async () => {
    const port = await freePort();
    // A request time-out far above the test's own pauses: a loaded machine must not turn the request
    // in flight into a 408 (the time-outs have their own tests above).
    const server = await startTestServer({ port, demoPort: await freePort(), wireEncoding: false, http: { ...http, requestMs: 10_000 }, subscriptionChargeIntervalMs: 0, expirySweepIntervalMs: 0 });
    const body = JSON.stringify({ amount: 5, description: 'En vuelo' });
    const socket = await openRaw(port);
    const answer = untilClosed(socket);
    // Half the body now; the server is told to stop; the rest arrives after.
    socket.write(`POST /sandbox/links HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((r) => setTimeout(r, 100));
    const closing = server.close();
    await new Promise((r) => setTimeout(r, 100));
    await expect(fetch(`${server.url}/api/v1/translations/version`)).rejects.toThrow();
    socket.write(body.slice(10));
    const { text } = await answer;
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 201 Created');
    await closing;
    await expect(server.db.query('select 1')).rejects.toThrow();
  });
});
