import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { freePort } from '../../test/freePort';
import { upgradeRequest } from '../../test/rawWebSocket';
import { createTestApp, type TestApp } from '../../test/testApp';
import { startTestServer } from '../../test/testServer';

// A loopback node without a token answers the admin API to anyone who reaches it: the developer.
// A web page the developer visits reaches it too, so the open admin API answers its own origin only
// (the console), never another page (the mailbox holds the wallet's recovery codes). With a token
// set, any origin may call it with the token: a bearer header is not ambient authority.

const EVIL = 'http://evil.example';
const ADMIN_TOKEN = 'cors-token-for-tests-0123456789';

describe('the admin API without a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives a cross-origin page no Access-Control-Allow-Origin, on the preflight or the call, and answers it 403', async () => {
    const preflight = await t.app.request('/sandbox/mailbox', { method: 'OPTIONS', headers: { origin: EVIL, 'access-control-request-method': 'GET' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.status).toBe(403);
    const read = await t.app.request('/sandbox/mailbox', { headers: { origin: EVIL } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    expect(read.status).toBe(403);
    expect(await read.json()).toMatchObject({ code: 'cross_origin_refused' });
    // A simple request (no preflight) changes nothing either.
    const write = await t.app.request('/sandbox/links', { method: 'POST', headers: { origin: EVIL, 'content-type': 'text/plain' }, body: 'x' });
    expect(write.status).toBe(403);
    expect(write.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses what a browser marks cross-site or same-site even without an Origin (a no-cors GET)', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await t.app.request('/sandbox/mailbox', { headers: { 'sec-fetch-site': site } });
      expect(res.status, site).toBe(403);
    }
  });

  it('refuses a request under a name that is not loopback (DNS rebinding: evil.example resolving to 127.0.0.1)', async () => {
    const res = await t.app.request('http://evil.example:4000/sandbox/mailbox', { headers: { origin: 'http://evil.example:4000' } });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers its own pages (the console), a server or curl (no Origin), and the checkout origin by its public name', async () => {
    expect((await t.app.request('/sandbox/mailbox', { headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    expect((await t.app.request('/sandbox/mailbox')).status).toBe(200);
    expect((await t.app.request('http://127.0.0.2:4000/sandbox/mailbox', { headers: { 'sec-fetch-site': 'none' } })).status).toBe(200);
    expect((await t.app.request('http://checkout.test/sandbox/mailbox', { headers: { origin: 'http://checkout.test' } })).status).toBe(200);
  });

  it('refuses a request a proxy passed on (X-Forwarded-For, Forwarded, X-Real-IP): a proxy on this machine makes anyone a loopback caller', async () => {
    for (const [name, value] of [['x-forwarded-for', '203.0.113.66'], ['forwarded', 'for=203.0.113.66'], ['x-real-ip', '203.0.113.66']] as const) {
      const keys = await t.app.request('http://127.0.0.1:4000/sandbox/merchants/1/keys', { method: 'POST', headers: { [name]: value, 'content-type': 'application/json' }, body: '{}' });
      expect(keys.status, name).toBe(403);
      expect(await keys.json(), name).toMatchObject({ code: 'proxied_request_refused', message: expect.stringContaining('SANDBOX_ADMIN_TOKEN') });
      const read = await t.app.request('/sandbox/mailbox', { headers: { [name]: value, 'sec-fetch-site': 'same-origin' } });
      expect(read.status, name).toBe(403);
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
    }
    const english = await t.app.request('/sandbox/mailbox', { headers: { 'x-forwarded-for': '203.0.113.66', 'accept-language': 'en' } });
    expect(((await english.json()) as { message: string }).message).toContain('needs the admin token, SANDBOX_ADMIN_TOKEN');
    // The payer's way back stays open behind a proxy.
    expect((await t.app.request('/sandbox/3ds/PP000000000000/return', { headers: { 'x-forwarded-for': '203.0.113.66' } })).status).toBe(308);
  });

  it("leaves the payer's way back from the issuer's and the bank's pages and the console's shell open to any origin", async () => {
    for (const path of ['/sandbox/3ds/PP000000000000/return', '/sandbox/clave/PP000000000000/return', '/sandbox/console']) {
      expect((await t.app.request(path, { headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' } })).status, path).not.toBe(403);
    }
  });
});

describe('the admin API with a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN_TOKEN });
  });
  afterAll(() => t.close());

  it('lets any origin call it with the token (CORS open, no credentials), and still wants the token', async () => {
    const preflight = await t.app.request('/sandbox/mailbox', { method: 'OPTIONS', headers: { origin: EVIL, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const withToken = await t.app.request('/sandbox/mailbox', { headers: { origin: EVIL, authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('access-control-allow-origin')).toBe('*');
    expect((await t.app.request('/sandbox/mailbox', { headers: { origin: EVIL } })).status).toBe(401);
  });
});

/** The status line of the admin push socket's handshake, sent with extra header lines. */
function pushHandshake(port: number, headers: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', reject);
    socket.write(upgradeRequest('', '/sandbox/push').replace('\r\n\r\n', ['', ...headers, '', ''].join('\r\n')));
    socket.once('data', (data: Buffer) => {
      resolve(data.toString().split('\r\n')[0] ?? '');
      socket.destroy();
    });
  });
}

describe('a running node without a token', () => {
  let server: RunningServer;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    server = await startTestServer({ port, demoPort: await freePort(), wireEncoding: false });
  });
  afterAll(() => server.close());

  it('opens the admin push socket for its own pages and for no other', async () => {
    expect(await pushHandshake(port, [`Origin: http://localhost:${port}`])).toBe('HTTP/1.1 101 Switching Protocols');
    expect(await pushHandshake(port, [])).toBe('HTTP/1.1 101 Switching Protocols');
    expect(await pushHandshake(port, [`Origin: ${EVIL}`])).toBe('HTTP/1.1 401 Unauthorized');
    expect(await pushHandshake(port, ['Sec-Fetch-Site: cross-site'])).toBe('HTTP/1.1 401 Unauthorized');
    for (const header of ['X-Forwarded-For: 203.0.113.66', 'Forwarded: for=203.0.113.66', 'X-Real-IP: 203.0.113.66']) {
      expect(await pushHandshake(port, [header]), header).toBe('HTTP/1.1 401 Unauthorized');
    }
  });

  it('refuses an admin call a proxy on this machine passed on, and answers the same call sent directly', async () => {
    const keys = (headers: Record<string, string>) => fetch(`${server.url}/sandbox/merchants/1/keys`, { method: 'POST', headers: { 'content-type': 'application/json', host: `127.0.0.1:${port}`, ...headers }, body: '{}' });
    const proxied = await keys({ 'x-forwarded-for': '203.0.113.66' });
    expect(proxied.status).toBe(403);
    expect(await proxied.json()).toMatchObject({ code: 'proxied_request_refused' });
    expect((await keys({})).status).toBe(201);
  });

  it("answers a cross-origin fetch with no CORS header, while the demo shop's server creates links", async () => {
    const read = await fetch(`${server.url}/sandbox/mailbox`, { headers: { origin: server.demoUrl } });
    expect(read.status).toBe(403);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const link = await fetch(`${server.demoUrl}/shop/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 12.5, description: 'Desde la tienda' }) });
    expect(link.status).toBe(201);
    const { code } = (await link.json()) as { code: string };
    expect((await fetch(`${server.url}/sandbox/transactions?code=${code}`)).status).toBe(200);
  });
});
