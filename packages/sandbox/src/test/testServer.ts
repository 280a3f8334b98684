import { startServer, type RunningServer, type ServerOptions } from '../server';
import { pgliteTemplate } from './pgliteTemplate';

/**
 * startServer as a test starts it: without a database URL or a data directory, its in-memory PGlite
 * starts from the suite's migrated and seeded template (pgliteTemplate.ts) instead of running
 * initdb, the migrations and the seed: about 0.7 CPU-s instead of 3 each.
 */
export async function startTestServer(options: ServerOptions): Promise<RunningServer> {
  const inMemory = !options.databaseUrl && !options.dataDir;
  return startServer({ ...(inMemory ? { pgliteTemplate: await pgliteTemplate() } : {}), ...options });
}
