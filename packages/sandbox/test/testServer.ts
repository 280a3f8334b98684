import { startSimulator, type RunningSimulator } from '@pasarela/simulator';
import { startServer, type RunningServer, type ServerOptions } from '../src/server';
import { pgliteTemplate } from './pgliteTemplate';

export type { RunningSimulator };

/** The secret the test servers call the test simulators' API with. */
export const TEST_SIMULATOR_API_SECRET = 'test-simulator-api';

/** The secret the test simulator signs its notifications with, and the test servers check. */
export const TEST_NOTIFICATION_SECRET = 'test-simulator-notifications';

let shared: Promise<RunningSimulator> | undefined;

/**
 * The simulated processors every test server of this worker reaches over HTTP, as `npm start`'s
 * server reaches its own: one per worker, started once (a few milliseconds), its books in memory.
 */
export function testSimulator(): Promise<RunningSimulator> {
  shared ??= startSimulator({ apiSecret: TEST_SIMULATOR_API_SECRET, notificationSecret: TEST_NOTIFICATION_SECRET, tickMs: 50, unref: true });
  return shared;
}

/**
 * A simulator of a test's own (a two-node cluster's, testNodes.ts), in memory: its books hold only
 * that test's operations. Without a notification secret it sends nothing, and each node asks it for
 * the phones' answers on its timer, claimed once across nodes.
 */
export function startTestSimulator(): Promise<RunningSimulator> {
  return startSimulator({ apiSecret: TEST_SIMULATOR_API_SECRET, tickMs: 50, unref: true });
}

/**
 * startServer as a test starts it: without a database URL or a data directory, its in-memory PGlite
 * starts from the suite's migrated and seeded template (pgliteTemplate.ts) instead of running
 * initdb, the migrations and the seed: about 0.7 CPU-s instead of 3 each. Its gateways are the
 * worker's simulator (testSimulator), unless the test names other processors; every test simulator
 * takes TEST_SIMULATOR_API_SECRET.
 */
export async function startTestServer(options: ServerOptions): Promise<RunningServer> {
  const inMemory = !options.databaseUrl && !options.dataDir;
  const processors = options.processorsUrl ? {} : { processorsUrl: (await testSimulator()).url, notificationSecret: TEST_NOTIFICATION_SECRET };
  return startServer({ ...(inMemory ? { pgliteTemplate: await pgliteTemplate() } : {}), simulatorApiSecret: TEST_SIMULATOR_API_SECRET, ...processors, ...options });
}
