import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Database } from './Database';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pgliteDatabase';
import type { PgliteImage } from './pgliteImage';
import { openPostgresDatabase, type DatabaseLimits } from './postgresDatabase';
import { seedDemoData, seedDemoExtras } from './seed';

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PostgreSQL's bounds on the pool's connections; DEFAULT_DATABASE_LIMITS when absent. */
  databaseLimits?: DatabaseLimits | undefined;
  /** In memory when neither this nor databaseUrl is set. */
  dataDir?: string | undefined;
  migrationsDir: string;
  seed?: boolean;
  /** application_name; random by default. */
  sessionName?: string | undefined;
  /** PGlite in memory only: a migrated and seeded image to start from (test/pgliteTemplate.ts). */
  pgliteTemplate?: PgliteImage | undefined;
  /** Connection trouble the server survives, for the log. */
  warn?: ((message: string) => void) | undefined;
  /** What the start did to the schema (the migrations this node applied), for the log. */
  info?: ((message: string) => void) | undefined;
}

/** `pasarela/` and 8 hex digits; with a node's name (NODE_NAME), `pasarela/<name>/` and the digits. */
export function newSessionName(nodeName?: string): string {
  const suffix = randomBytes(4).toString('hex');
  return nodeName === undefined ? `pasarela/${suffix}` : `pasarela/${nodeName}/${suffix}`;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const sessionName = options.sessionName ?? newSessionName();
  let db: Database;
  if (options.databaseUrl) {
    db = await openPostgresDatabase(options.databaseUrl, sessionName, options.warn, options.databaseLimits);
  } else {
    if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
    db = await openPgliteDatabase(options.dataDir, sessionName, options.pgliteTemplate);
  }
  try {
    const applied = await migrate(db, options.migrationsDir);
    if (applied.length > 0) options.info?.(`applied ${applied.length} migration(s): ${applied.join(', ')}`);
    if (options.seed !== false) {
      await seedDemoData(db);
      await seedDemoExtras(db);
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
