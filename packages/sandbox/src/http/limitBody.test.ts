import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_KEY } from '@pasarela/core';
import type { RunningServer } from '../server';
import { startTestServer } from '../../test/testServer';
import { freePort } from '../../test/freePort';
import { createTestApp } from '../../test/testApp';
import { MAX_DRAIN_BYTES } from './limitBody';

/** One request on an open socket; resolves with the status line, or how the connection ended. */
function exchange(socket: Socket, head: string, body?: Buffer): Promise<string> {
  return new Promise((resolve) => {
    let data = Buffer.alloc(0);
    const done = (result: string) => {
      socket.off('data', onData).off('close', onClose).off('error', onError);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const text = data.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
      if (data.length >= end + 4 + length) done(text.split('\r\n')[0] ?? '');
    };
    const onClose = () => done('closed');
    const onError = (error: NodeJS.ErrnoException) => done(`error ${error.code ?? ''}`);
    socket.on('data', onData).on('close', onClose).on('error', onError);
    socket.write(head);
    if (body) socket.write(body);
  });
}

let server: RunningServer;
let port: number;
beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({ port, demoPort: await freePort(), wireEncoding: false, subscriptionChargeIntervalMs: 0, expirySweepIntervalMs: 0 });
});
afterAll(() => server.close());

const payHead = (length: number) =>
  `POST /api/v1/cards/auth-capture HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nx-api-key: ${SANDBOX_CLIENT_KEY}\r\nContent-Length: ${length}\r\n\r\n`;
const versionHead = 'GET /api/v1/translations/version HTTP/1.1\r\nHost: localhost\r\n\r\n';

describe('oversized bodies (issue 11 "Bad traffic")', () => {
  it('answers 100 bodies of 4 MB with 413 every time, and each connection then serves the next request', async () => {
    const big = Buffer.alloc(4 * 1024 * 1024, 'a');
    const counts: Record<string, number> = {};
    for (let i = 0; i < 100; i++) {
      const socket = connect(port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      const first = await exchange(socket, payHead(big.length), big);
      const next = await exchange(socket, versionHead);
      const key = `${first} then ${next}`;
      counts[key] = (counts[key] ?? 0) + 1;
      socket.destroy();
    }
    expect(counts).toEqual({ 'HTTP/1.1 413 Payload Too Large then HTTP/1.1 200 OK': 100 });
  }, 120_000);

  it('answers a chunked body that grows too large with 413 too, and keeps the connection', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const chunk = Buffer.alloc(256 * 1024, 'b');
    const chunks = Array.from({ length: 8 }, () => Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
    const body = Buffer.concat([...chunks, Buffer.from('0\r\n\r\n')]);
    const head = payHead(0).replace('Content-Length: 0', 'Transfer-Encoding: chunked');
    expect(await exchange(socket, head, body)).toBe('HTTP/1.1 413 Payload Too Large');
    expect(await exchange(socket, versionHead)).toBe('HTTP/1.1 200 OK');
    socket.destroy();
  });

  it('says it will close the connection when the body is past what it reads away', async () => {
    const res = await fetch(`${server.url}/api/v1/cards/auth-capture`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': SANDBOX_CLIENT_KEY }, body: Buffer.alloc(MAX_DRAIN_BYTES + 1024, 'c'),
    }).catch((error: unknown) => error);
    // The 413 is read, or the connection is gone before: never a 200 or a crash of the server.
    if (res instanceof Response) {
      expect(res.status).toBe(413);
      expect(res.headers.get('connection')).toBe('close');
    }
    expect((await fetch(`${server.url}/api/v1/translations/version`)).status).toBe(200);
  });

  it('answers in the envelope under /api and as plain JSON under /sandbox and on pages', async () => {
    const t = await createTestApp({ wireEncoding: false });
    try {
      const big = 'x'.repeat(70 * 1024);
      const api = await t.app.request('/api/v1/users/login', { method: 'POST', body: big, headers: { 'content-type': 'application/json', 'x-api-key': SANDBOX_CLIENT_KEY } });
      expect(api.status).toBe(413);
      expect(JSON.parse(((await api.json()) as { data: string }).data)).toMatchObject({ code: 'payload_too_large' });
      for (const path of ['/sandbox/links', '/tienda-demo']) {
        const res = await t.app.request(path, { method: 'POST', body: big, headers: { 'content-type': 'application/json' } });
        expect(res.status).toBe(413);
        expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
      }
    } finally {
      await t.close();
    }
  });
});
