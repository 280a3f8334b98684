import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WALLET_USER } from './db/seed';
import { createLogger } from './ops/logger';
import type { ServerOptions } from './server';
import { freePort } from '../test/freePort';
import { nodeClient } from '../test/nodeClient';
import { copyTemplateDataDir } from '../test/pgliteTemplate';
import { startTestServer } from '../test/testServer';

// The seeded wallet user's password is printed by every start and published in the docs, and its
// $100.00 balance is made up: on a node with a provider's processors (GATEWAYS_MODULE) it takes no
// login, or a balance payment would pay a merchant real money.
describe('the seeded wallet user on a node with a provider\'s processors', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pasarela-seeded-user-'));
    await copyTemplateDataDir(dataDir);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const start = async (options: Partial<ServerOptions>) => startTestServer({
    port: await freePort(), demoPort: await freePort(), dataDir, wireEncoding: false,
    subscriptionChargeIntervalMs: 0, expirySweepIntervalMs: 0, webhookIntervalMs: 0, ...options,
  });
  const logIn = (url: string) => nodeClient(url).api('/users/login', { login: DEMO_WALLET_USER.login, password: DEMO_WALLET_USER.password });

  it('takes no login while its password is the seed\'s, and the node says so once', async () => {
    const simulated = await start({ webhookAllowPrivate: false });
    expect((await logIn(simulated.url)).status).toBe(200);
    await simulated.close();

    const lines: string[] = [];
    const provider = await start({ webhookAllowPrivate: false, gatewaysModule: './my-adapters.mjs', recordSharedSettings: true, logger: createLogger('warn', { write: (line: string) => void lines.push(line) }) });
    try {
      expect((await logIn(provider.url)).status).not.toBe(200);
      expect(lines.join('')).toContain('the seeded wallet user demo takes no login: its password is published and its balance made up');
    } finally {
      await provider.close();
    }
    const again: string[] = [];
    const later = await start({ webhookAllowPrivate: false, gatewaysModule: './my-adapters.mjs', logger: createLogger('warn', { write: (line: string) => void again.push(line) }) });
    await later.close();
    expect(again.join('')).not.toContain('seeded wallet user');
  });
});
