import { startSimulator, type RunningSimulator } from '@pasarela/simulator';
import { startServer, type RunningServer, type ServerOptions } from '../src/server';
import { pgliteTemplate } from './pgliteTemplate';
import { startTestVault, TEST_VAULT_API_SECRET } from './testCardVault';

export type { RunningSimulator };

export const TEST_SIMULATOR_API_SECRET = 'test-simulator-api';

export const TEST_NOTIFICATION_SECRET = 'test-simulator-notifications';

let shared: Promise<RunningSimulator> | undefined;

/** One simulator per worker, started once (a few milliseconds), reached over HTTP as `npm start`'s server reaches its own. */
export function testSimulator(): Promise<RunningSimulator> {
  shared ??= startSimulator({ apiSecret: TEST_SIMULATOR_API_SECRET, notificationSecret: TEST_NOTIFICATION_SECRET, tickMs: 50, unref: true });
  return shared;
}

/** A test's own simulator (a two-node cluster's): no notification secret, so nodes ask it for the phones' answers. */
export function startTestSimulator(): Promise<RunningSimulator> {
  return startSimulator({ apiSecret: TEST_SIMULATOR_API_SECRET, tickMs: 50, unref: true });
}

/**
 * startServer with its in-memory PGlite started from the suite's template (about 0.7 CPU-s instead of 3),
 * the worker's simulator, and a card vault of its own (unless the test gives VAULT_URL): its checkout's
 * origins tokenize at it, and it forwards typed cards' calls to the server's simulator.
 */
export async function startTestServer(options: ServerOptions): Promise<RunningServer> {
  const inMemory = !options.databaseUrl && !options.dataDir;
  const processors = options.processorsUrl ? {} : { processorsUrl: (await testSimulator()).url, notificationSecret: TEST_NOTIFICATION_SECRET };
  const simulatorUrl = options.processorsUrl ?? processors.processorsUrl;
  const vault = options.vaultUrl ? undefined
    : await startTestVault({ checkoutOrigins: [`http://127.0.0.1:${options.port}`, `http://localhost:${options.port}`], simulatorUrl });
  const vaultSettings = vault ? { vaultUrl: vault.url, vaultApiSecret: TEST_VAULT_API_SECRET } : {};
  const server = await startServer({ ...(inMemory ? { pgliteTemplate: await pgliteTemplate() } : {}), simulatorApiSecret: TEST_SIMULATOR_API_SECRET, ...processors, ...vaultSettings, ...options }).catch(async (error: unknown) => {
    await vault?.close();
    throw error;
  });
  if (!vault) return server;
  const close = server.close.bind(server);
  return Object.assign(server, { close: async (...args: Parameters<RunningServer['close']>) => {
    await close(...args);
    await vault.close();
  } });
}
