import { connect } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_KEY, encodeBody } from '@pasarela/core';
import { createApp } from '../app';
import { httpGateways } from '../gateways/http/httpGateways';
import type { Database } from '../db/Database';
import { closeGracefully, listenHttp } from '../http/httpServer';
import { freePort } from '../../test/freePort';
import { tokenizedCardPayload, openTestDatabase } from '../../test/testApp';
import { TEST_SIMULATOR_API_SECRET, testSimulator } from '../../test/testServer';
import { createLogger } from './logger';
import { Metrics } from './metrics';
import { noCardVault } from '../gateways/cardVault';

const lines: Array<Record<string, unknown>> = [];
let db: Database;
let server: Server;
let port: number;
beforeAll(async () => {
  db = await openTestDatabase();
  const logger = createLogger('debug', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const app = createApp({ db, gateways: httpGateways((await testSimulator()).url, { apiSecret: TEST_SIMULATOR_API_SECRET }), cardVault: noCardVault, wireEncoding: true, logger, metrics: new Metrics() });
  port = await freePort();
  server = await listenHttp(app.fetch, port, { headersMs: 5_000, requestMs: 10_000, keepAliveMs: 5_000, shutdownMs: 1_000 });
});
afterAll(async () => {
  await closeGracefully(server, 1_000);
  await db.close();
});

/** Sends the headers and the first bytes of a body it promised to be longer, then destroys the socket. */
async function abortMidBody(): Promise<void> {
  const body = encodeBody(await tokenizedCardPayload('LKDEMO0001'));
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.on('error', () => undefined);
  socket.write(`POST /api/v1/cards/auth-capture HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nx-api-key: ${SANDBOX_CLIENT_KEY}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 100)}`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.destroy();
}

async function metricsText(): Promise<string> {
  return (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
}

describe('client disconnects (issue "Money is never wrong", item 3)', () => {
  it('counts a request whose client closed the connection mid-body as 499 and logs it as a client abort, not as a 500', async () => {
    const aborts = 5;
    for (let i = 0; i < aborts; i += 1) await abortMidBody();
    const route = 'method="POST",route="/api/v1/cards/auth-capture"';
    let text = '';
    for (let waited = 0; waited < 5_000 && !text.includes(`${route},status="499"} ${aborts}`); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      text = await metricsText();
    }
    expect(text).toContain(`pasarela_http_requests_total{${route},status="499"} ${aborts}`);
    expect(text).not.toMatch(/pasarela_http_requests_total\{[^}]*status="5\d\d"\}/);
    const logged = lines.filter((l) => l['path'] === '/api/v1/cards/auth-capture');
    expect(logged.filter((l) => l['msg'] === 'client aborted')).toHaveLength(aborts);
    expect(lines.filter((l) => l['msg'] === 'request failed' || l['msg'] === 'unhandled error')).toEqual([]);
  });

  it('still answers a whole request on the same server afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/translations/version`, { headers: { 'x-api-key': SANDBOX_CLIENT_KEY } });
    expect(res.status).toBe(200);
  });
});
