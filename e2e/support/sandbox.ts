import type { PgliteImage } from '../../packages/sandbox/src/db/pgliteImage';
import { createLogger } from '../../packages/sandbox/src/ops/logger';
import { startServer } from '../../packages/sandbox/src/server';
import { readSettings } from '../../packages/sandbox/src/settings';
import { templateImage } from '../../packages/sandbox/test/sharedTemplate';
import { TEST_NOTIFICATION_SECRET, TEST_SIMULATOR_API_SECRET, testSimulator } from '../../packages/sandbox/test/testServer';
import { startTestVault, TEST_VAULT_API_SECRET } from '../../packages/sandbox/test/testCardVault';
import { onFreePorts, type Sandbox } from '../../scripts/sandbox-process.mjs';

/** The global setup's migrated and seeded database, dumped (globalSetup.ts); read once per worker. */
async function migratedTemplate(): Promise<PgliteImage | undefined> {
  const file = process.env['PASARELA_DATA_TEMPLATE_DUMP'];
  return file ? templateImage(file) : undefined;
}

/**
 * A sandbox started in the test file's own process: the server's code (src/server.ts, which the
 * built server.mjs bundles) read from `env` as `npm start` reads it, on free ports, its PGlite in
 * memory from the suite's migrated template, its log kept for output(). It answers over real HTTP
 * like the built one in a child process (scripts/sandbox-process.mjs), which the files about the
 * first load and the card payment still start; this one costs about 1 CPU-s to start instead of
 * 2.5-3 (a new node process, its modules, PGlite's WebAssembly compiled again, a 40 MB copy).
 */
export function startSandboxInProcess(env: Record<string, string> = {}): Promise<Sandbox> {
  return onFreePorts((port, demoPort) => startOn(port, demoPort, env));
}

async function startOn(port: number, demoPort: number, env: Record<string, string>): Promise<Sandbox> {
  // No drain on stop (no load balancer to warn), as for the built sandbox (scripts/sandbox-process.mjs).
  const settings = readSettings({ ...process.env, PORT: String(port), DEMO_PORT: String(demoPort), SHUTDOWN_DRAIN_MS: '0', ...env });
  let log = '';
  const logger = createLogger(settings.logLevel, { write: (line: string) => void (log += line) });
  const inMemory = !settings.databaseUrl;
  // PROCESSORS_URL and PROCESSORS_TIMEOUT_MS as npm start reads them: a proxy before the worker's
  // simulator that delays or keeps its answers, and a shorter deadline for the calls through it.
  const processorsUrl = env['PROCESSORS_URL'] || (await testSimulator()).url;
  const processorsTimeoutMs = env['PROCESSORS_TIMEOUT_MS'] ? Number(env['PROCESSORS_TIMEOUT_MS']) : undefined;
  // A card vault of its own, as npm start starts one: the checkout's origins tokenize at it, and it
  // forwards typed cards' calls to the simulator.
  const vault = settings.vaultUrl ? undefined : await startTestVault({ checkoutOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`], simulatorUrl: processorsUrl });
  const server = await startServer({
    ...settings,
    ...(inMemory ? { dataDir: undefined, pgliteTemplate: await migratedTemplate() } : {}),
    ...(vault ? { vaultUrl: vault.url, vaultApiSecret: TEST_VAULT_API_SECRET, vaultPublicUrl: vault.url } : {}),
    // The worker's simulated processors, over HTTP, as npm start's server reaches its own.
    processorsUrl, processorsTimeoutMs, simulatorApiSecret: TEST_SIMULATOR_API_SECRET, notificationSecret: TEST_NOTIFICATION_SECRET,
    logger,
  }).catch(async (error: unknown) => {
    await vault?.close();
    throw error;
  });
  return {
    url: server.url, demoUrl: server.demoUrl, output: () => log,
    // Its card vault, where a test types a card as the checkout's frame would.
    ...(vault ? { vault: { url: vault.url } } : {}),
    stop: async () => {
      await server.close();
      await vault?.close();
    },
  };
}
