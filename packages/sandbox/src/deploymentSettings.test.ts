import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerOptions } from './server';
import { createLogger } from './ops/logger';
import { freePort } from '../test/freePort';
import { copyTemplateDataDir } from '../test/pgliteTemplate';
import { tokenizedCardPayload } from '../test/testApp';
import { testCluster } from '../test/testNodes';
import { startTestServer } from '../test/testServer';
import { startWebhookReceiver } from '../test/webhookReceiver';

// Issue 95: settings that must agree across nodes are the deployment's (docs/operations.md "Settings
// the nodes share"): the first node records them, and a node started with others refuses to start.

const recordedIn = (db: { query: <Row>(sql: string) => Promise<Row[]> }) =>
  db.query<{ name: string; value: string }>('select name, value from deployment_settings order by name');

describe('settings the nodes share, on a PGlite data directory', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pasarela-deployment-'));
    await copyTemplateDataDir(dataDir);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const start = async (options: Partial<ServerOptions>) => startTestServer({
    port: await freePort(), demoPort: await freePort(), dataDir, wireEncoding: false,
    subscriptionChargeIntervalMs: 0, expirySweepIntervalMs: 0, webhookIntervalMs: 0, ...options,
  });

  it('a node started with another private-webhook setting or processor module refuses to start, naming the setting and both values', async () => {
    const first = await start({ webhookAllowPrivate: false });
    expect(await recordedIn(first.db)).toEqual([{ name: 'GATEWAYS_MODULE', value: '' }, { name: 'WEBHOOK_ALLOW_PRIVATE', value: '0' }]);
    await first.close();

    // A loopback node left to its default (the console node beside public ones).
    await expect(start({})).rejects.toThrow(/WEBHOOK_ALLOW_PRIVATE is 1 on this node \(unset: 1, reached from this machine only\), but this deployment recorded 0 \(node [^)]+\)/);
    await expect(start({ webhookAllowPrivate: true })).rejects.toThrow(/WEBHOOK_ALLOW_PRIVATE is 1 on this node, but this deployment recorded 0/);
    // A loopback node reached from beyond the machine (a public PUBLIC_URL, a proxy it trusts) defaults to 0: it agrees.
    await (await start({ publicUrl: 'https://checkout.example.com' })).close();
    await (await start({ trustedProxies: 1 })).close();
    await expect(start({ webhookAllowPrivate: false, gatewaysModule: '@pasarela/gateway-stripe' }))
      .rejects.toThrow(/^GATEWAYS_MODULE is @pasarela\/gateway-stripe on this node, but this deployment recorded \(unset\) .*docs\/operations\.md "Settings the nodes share"/);

    // The same settings start; a deliberate change (RECORD_SHARED_SETTINGS=1 on one start) records this node's, and says so.
    await (await start({ webhookAllowPrivate: false })).close();
    const lines: string[] = [];
    const changed = await start({ webhookAllowPrivate: true, recordSharedSettings: true, logger: createLogger('warn', { write: (line: string) => lines.push(line) }) });
    expect(await recordedIn(changed.db)).toEqual([{ name: 'GATEWAYS_MODULE', value: '' }, { name: 'WEBHOOK_ALLOW_PRIVATE', value: '1' }]);
    expect(lines.join('')).toContain('WEBHOOK_ALLOW_PRIVATE: 0 -> 1');
    await changed.close();
    // Once recorded, the flag on a node with the deployment's settings changes nothing.
    await (await start({ webhookAllowPrivate: true, recordSharedSettings: true })).close();
    await expect(start({ webhookAllowPrivate: false })).rejects.toThrow(/WEBHOOK_ALLOW_PRIVATE is 0 on this node, but this deployment recorded 1/);
  });
});

// Two nodes on one PostgreSQL, as the issue found them: a public node and a loopback one.
const url = process.env['TEST_DATABASE_URL'];

describe.skipIf(!url)('settings the nodes share, on one PostgreSQL', () => {
  let cluster: Awaited<ReturnType<typeof testCluster>>;
  beforeAll(async () => {
    if (url) cluster = await testCluster(url);
  });
  afterAll(() => cluster?.close());

  it('a loopback node beside a strict one refuses to start; let in by a deliberate change, it still sends nothing inward for an endpoint accepted under the strict rule', async () => {
    const strict = await cluster.start({ webhookAllowPrivate: false });
    await expect(cluster.start({})).rejects.toThrow(/WEBHOOK_ALLOW_PRIVATE is 1 on this node \(unset: 1, reached from this machine only\), but this deployment recorded 0/);
    await expect(cluster.start({ webhookAllowPrivate: false, gatewaysModule: './my-adapters.mjs' })).rejects.toThrow(/GATEWAYS_MODULE is \.\/my-adapters\.mjs on this node, but this deployment recorded \(unset\)/);

    const receiver = await startWebhookReceiver();
    try {
      const made = await strict.client.admin('POST', '/merchants', { name: 'Estricta S.A.', webhookUrl: 'https://93.184.216.34/hooks' });
      expect(made.status).toBe(201);
      const merchantId = Number(made.data['idMerchant']);
      expect((await strict.client.admin('POST', '/merchants', { name: 'Interna', webhookUrl: receiver.url })).data['code']).toBe('webhook_url_not_public');
      // The URL leads inward now (a rebound name, a changed row); the record it was accepted under stays.
      await strict.server.db.query('update merchants set webhook_url = $2 where id = $1', [merchantId, receiver.url]);

      await cluster.stop(strict);
      const loopback = await cluster.start({ recordSharedSettings: true });
      const link = await loopback.client.admin('POST', '/links', { amount: 5, taxAmount: 0, description: 'Webhook', merchantId });
      expect((await loopback.client.api('/cards/auth-capture', await tokenizedCardPayload(String(link.data['code']), { amount: 5, taxAmount: 0 }))).status).toBe(200);
      // The loopback node's sender claims every attempt (retries 100 ms apart, testNodes.ts) until the event fails.
      const event = async () => (await loopback.server.db.query<{ state: string; attempts: number; last_error: string | null }>('select state, attempts, last_error from webhook_events where merchant_id = $1', [merchantId]))[0];
      await vi.waitFor(async () => expect(await event()).toMatchObject({ state: 'failed', attempts: 3, last_error: 'address_not_public' }), { timeout: 10_000, interval: 50 });
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
