import { describe, expect, it, vi } from 'vitest';
import { SANDBOX_CLIENT_KEY } from '@pasarela/core';
import { startTestServer, startTestSimulator } from '../test/testServer';
import { freePort } from '../test/freePort';
import { createLogger } from './ops/logger';
import { nodeIdentity } from './db/nodeIdentity';
import { tokenizedCardPayload, freshCaptchaToken } from '../test/testApp';

describe('the running server', () => {
  it('charges a due subscription on its own timer, without anyone reading it', async () => {
    const server = await startTestServer({ port: await freePort(), demoPort: await freePort(), wireEncoding: false, subscriptionChargeIntervalMs: 50 });
    try {
      const api = async (path: string, body?: unknown) => {
        const res = await fetch(`${server.url}/api/v1${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'x-api-key': SANDBOX_CLIENT_KEY, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return JSON.parse(((await res.json()) as { data: string }).data) as Record<string, unknown>;
      };
      const [plan] = (await api('/merchants/1/plans'))['plans'] as Array<{ idPlan: number }>;
      const key = String((await api('/subscriptions', { idPlan: plan?.idPlan, email: 'timer@example.com' }))['subscriptionKey']);
      expect((await api(`/subscriptions/${key}/pay`, { cardInformation: (await tokenizedCardPayload('x')).cardInformation, trackId: crypto.randomUUID(), captchaToken: freshCaptchaToken() }))['status']).toBe(1);
      await server.db.query("update subscriptions set next_charge_at = now() - interval '1 minute' where subscription_key = $1", [key]);
      const renewals = async () =>
        (await server.db.query<{ n: number }>("select count(*)::int as n from transactions where details->>'subscriptionKey' = $1 and details->>'renewal' = 'true'", [key]))[0]?.n;
      await vi.waitFor(async () => expect(await renewals()).toBe(1), { timeout: 5000, interval: 50 });
    } finally {
      await server.close();
    }
  });
});

describe('a node behind a load balancer (PUBLIC_URL)', () => {
  it('makes links, e-mails and its SDK address on the public origin, not its own localhost', async () => {
    const port = await freePort();
    const server = await startTestServer({ port, demoPort: await freePort(), wireEncoding: false, publicUrl: 'https://pay.example.com' });
    try {
      expect(server.url).toBe('https://pay.example.com');
      const local = `http://localhost:${port}`;
      const link = await fetch(`${local}/sandbox/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 12.5, description: 'Pedido' }) });
      expect(((await link.json()) as { url: string }).url).toMatch(/^https:\/\/pay\.example\.com\/lk[0-9a-z]{10}$/);
      const mail = await fetch(`${local}/sandbox/email-payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: 'ana@example.com', amount: 9, description: 'Pedido' }) });
      expect(mail.status).toBe(201);
      const inbox = (await (await fetch(`${local}/sandbox/mailbox?to=ana@example.com`)).json()) as { messages: Array<{ text?: string; html?: string }> };
      expect(JSON.stringify(inbox.messages)).toContain('https://pay.example.com/pf/emailPayment?code=');
      expect(JSON.stringify(inbox.messages)).not.toContain(local);
    } finally {
      await server.close();
    }
  });
});

describe('a server that cannot listen', () => {
  it('names the setting and the address, and keeps the error\'s code (a caller tries other free ports on EADDRINUSE)', async () => {
    const taken = await startTestServer({ port: await freePort(), demoPort: await freePort(), wireEncoding: false });
    try {
      const port = Number(new URL(taken.url).port);
      await expect(startTestServer({ port, demoPort: await freePort(), wireEncoding: false }))
        .rejects.toMatchObject({ code: 'EADDRINUSE', message: expect.stringMatching(new RegExp(`^Cannot listen on HOST 127\\.0\\.0\\.1 and PORT ${port}: listen EADDRINUSE`)) });
    } finally {
      await taken.close();
    }
  });
});

describe('the simulator as this node reaches it (PROCESSORS_URL, SIMULATOR_API_SECRET)', () => {
  it('refuses to start when the simulator refuses the node\'s secret, naming the setting', async () => {
    const simulator = await startTestSimulator();
    try {
      await expect(startTestServer({ port: await freePort(), demoPort: await freePort(), wireEncoding: false, processorsUrl: simulator.url, simulatorApiSecret: 'not-the-simulator-secret' }))
        .rejects.toThrow("The simulator at PROCESSORS_URL refuses this node's SIMULATOR_API_SECRET (401): set the same secret on the simulator and every node.");
    } finally {
      await simulator.close();
    }
  });

  it('is in /health: ok while it answers to the secret; degraded, simulator unavailable, once it is away', async () => {
    const simulator = await startTestSimulator();
    const server = await startTestServer({ port: await freePort(), demoPort: await freePort(), wireEncoding: false, processorsUrl: simulator.url });
    try {
      const health = async () => {
        const answer = await fetch(`http://127.0.0.1:${new URL(server.url).port}/health`);
        return { status: answer.status, body: await answer.json() as Record<string, unknown> };
      };
      expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', cardVault: 'ok', simulator: 'ok' } });
      await simulator.close();
      expect(await health()).toMatchObject({ status: 200, body: { status: 'degraded', cardVault: 'ok', simulator: 'unavailable' } });
    } finally {
      await server.close();
      await simulator.close().catch(() => undefined);
    }
  });
});

// docs/operations.md "Logs": each line names its node, and `listening` the address this node bound besides the public URL.
describe('a node\'s name in its log', () => {
  const startLogged = async (options: { nodeName?: string }) => {
    const lines: Array<Record<string, unknown>> = [];
    const port = await freePort();
    const server = await startTestServer({
      port, demoPort: await freePort(), wireEncoding: false, publicUrl: 'https://pay.example.com', node: nodeIdentity(options.nodeName),
      logger: createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }),
    });
    return { server, lines, port };
  };

  it('NODE_NAME: every line\'s node; its session on the database the name and a suffix of its own, new at each start', async () => {
    const { server, lines, port } = await startLogged({ nodeName: 'web-1' });
    try {
      const listening = lines.find((line) => line['msg'] === 'listening');
      expect(listening).toMatchObject({ node: 'web-1', url: 'https://pay.example.com', address: `127.0.0.1:${port}`, session: expect.stringMatching(/^pasarela\/web-1\/[0-9a-f]{8}$/) });
      expect(server.db.sessionName).toBe(listening?.['session']);
      const [row] = await server.db.query<{ name: string }>("select current_setting('application_name') as name");
      expect(row?.name).toBe(server.db.sessionName);
      expect(lines.filter((line) => line['node'] !== 'web-1')).toEqual([]);
    } finally {
      await server.close();
    }
    const again = await startLogged({ nodeName: 'web-1' });
    try {
      expect(again.server.db.sessionName).not.toBe(server.db.sessionName);
    } finally {
      await again.server.close();
    }
  });

  it('without one, its session\'s name as before', async () => {
    const { server, lines } = await startLogged({});
    try {
      expect(server.db.sessionName).toMatch(/^pasarela\/[0-9a-f]{8}$/);
      expect(lines.find((line) => line['msg'] === 'listening')).toMatchObject({ node: server.db.sessionName, session: server.db.sessionName });
    } finally {
      await server.close();
    }
  });
});
