import { startSimulator, type RunningSimulator } from '@pasarela/simulator';
import { startServer, type RunningServer, type ServerOptions } from '../src/server';
import { pgliteTemplate } from './pgliteTemplate';

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

/** startServer with its in-memory PGlite started from the suite's template (about 0.7 CPU-s instead of 3) and the worker's simulator. */
export async function startTestServer(options: ServerOptions): Promise<RunningServer> {
  const inMemory = !options.databaseUrl && !options.dataDir;
  const processors = options.processorsUrl ? {} : { processorsUrl: (await testSimulator()).url, notificationSecret: TEST_NOTIFICATION_SECRET };
  return startServer({ ...(inMemory ? { pgliteTemplate: await pgliteTemplate() } : {}), simulatorApiSecret: TEST_SIMULATOR_API_SECRET, ...processors, ...options });
}
