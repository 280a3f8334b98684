import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBanner } from '../banner';
import { nodeAdminToken } from '../auth/nodeAdminToken';
import type { RunningServer } from '../server';
import { startTestServer } from '../../test/testServer';
import { freePort } from '../../test/freePort';
import { openSocket } from '../../test/rawWebSocket';

// The admin push socket streams every merchant's payments: with a token set, only its holder opens it.
const ADMIN_TOKEN = 'push-token-for-tests-0123456789';

let server: RunningServer;
let port: number;
beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({ port, demoPort: await freePort(), wireEncoding: false, adminToken: ADMIN_TOKEN });
});
afterAll(() => server.close());

describe('a node started with an admin token', () => {
  it('refuses the admin push socket without the token, or with another', async () => {
    for (const query of ['', 'token=wrong-token', 'token=sk_test_someone']) {
      const ws = await openSocket(port, query, '/sandbox/push');
      expect(ws.status).toBe('HTTP/1.1 401 Unauthorized');
      ws.socket.destroy();
    }
    const ws = await openSocket(port, `token=${encodeURIComponent(ADMIN_TOKEN)}`, '/sandbox/push');
    expect(ws.status).toBe('HTTP/1.1 101 Switching Protocols');
    expect(await ws.next()).toEqual({ type: 'hello' });
    ws.socket.destroy();
  });

  it('answers an admin call without the token 401 over the network, and listens on loopback only', async () => {
    const res = await fetch(`${server.url}/sandbox/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 5, description: 'x' }) });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'admin_token_required' });
    const ok = await fetch(`${server.url}/sandbox/links`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` }, body: JSON.stringify({ amount: 5, description: 'x' }) });
    expect(ok.status).toBe(201);
  });

  it("lets the demo shop's server create links: it sends the token", async () => {
    const res = await fetch(`${server.demoUrl}/shop/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 5, description: 'Tienda' }) });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ code: expect.stringMatching(/^LK/) });
  });
});

// Which HOST is loopback, and so needs no token: auth/adminAccess.test.ts.
describe('which servers need a token', () => {
  it('a node without SANDBOX_ADMIN_TOKEN makes one up when requests may come from beyond the machine: HOST, a trusted proxy, a public PUBLIC_URL', () => {
    const local = { adminToken: undefined, host: '127.0.0.1', trustedProxies: 0, publicUrl: undefined };
    // `npm start` on a laptop: open, as before.
    expect(nodeAdminToken(local)).toEqual({ adminToken: undefined });
    expect(nodeAdminToken({ ...local, publicUrl: 'http://localhost:4000' })).toEqual({ adminToken: undefined });
    expect(nodeAdminToken({ ...local, publicUrl: 'http://[::1]:4000' })).toEqual({ adminToken: undefined });
    for (const [setting, reason] of [
      [{ host: '0.0.0.0' }, 'Listening on 0.0.0.0'],
      [{ trustedProxies: 1 }, 'Behind a proxy (TRUST_PROXY or TRUSTED_PROXIES)'],
      [{ trustedProxies: ['127.0.0.1'] }, 'Behind a proxy (TRUST_PROXY or TRUSTED_PROXIES)'],
      [{ publicUrl: 'https://pay.example' }, 'Reached as https://pay.example (PUBLIC_URL)'],
    ] as const) {
      const made = nodeAdminToken({ ...local, ...setting });
      expect(made.madeUp?.reason, reason).toBe(reason);
      expect(made.adminToken).toMatch(/^[\w-]{32}$/);
      expect(made.adminToken).toBe(made.madeUp?.token);
    }
    // SANDBOX_ADMIN_TOKEN wins, and is never printed.
    expect(nodeAdminToken({ ...local, trustedProxies: 1, adminToken: 'set-by-the-operator-0123' })).toEqual({ adminToken: 'set-by-the-operator-0123' });
    expect(startBanner({ url: 'http://localhost:4000', demoUrl: 'http://127.0.0.1:4001', database: 'PGlite', host: '127.0.0.1', adminToken: 'made-up-token', tokenReason: 'Behind a proxy (TRUST_PROXY or TRUSTED_PROXIES)' }))
      .toContain('Behind a proxy (TRUST_PROXY or TRUSTED_PROXIES): the admin API and the console want a token');
  });

  it('the banner shows a token this run made up, and never SANDBOX_ADMIN_TOKEN', () => {
    const base = { url: 'http://localhost:4000', demoUrl: 'http://127.0.0.1:4001', database: 'PGlite' };
    expect(startBanner({ ...base, host: '0.0.0.0', adminToken: 'made-up-token' })).toContain('/sandbox/console#token=made-up-token');
    expect(startBanner({ ...base, host: '0.0.0.0', tokenSet: true })).toContain('Bearer <SANDBOX_ADMIN_TOKEN>');
    expect(startBanner(base)).not.toContain('token');
    // The curl recipes work on the node as printed: with the token when the admin API wants one.
    expect(startBanner({ ...base, host: '0.0.0.0', adminToken: 'made-up-token' })).toContain("/sandbox/links -H 'authorization: Bearer made-up-token'");
    expect(startBanner({ ...base, host: '0.0.0.0', tokenSet: true })).toContain('/sandbox/email-payments -H "authorization: Bearer $SANDBOX_ADMIN_TOKEN"');
    expect(startBanner(base)).toContain("/sandbox/links -H 'content-type: application/json'");
  });
});
