import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Database } from './Database';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pgliteDatabase';
import type { PgliteImage } from './pgliteImage';
import { openPostgresDatabase } from './postgresDatabase';
import { seedDemoData, seedDemoExtras } from './seed';

export interface DatabaseOptions {
  /** PostgreSQL when set (DATABASE_URL). */
  databaseUrl?: string | undefined;
  /** PGlite's directory; in memory when neither this nor databaseUrl is set. */
  dataDir?: string | undefined;
  migrationsDir: string;
  seed?: boolean;
  /** This node's name on the database (application_name); a random one by default. */
  sessionName?: string | undefined;
  /**
   * PGlite in memory only: the image of a database (dumpDataDir, db/pgliteImage.ts) to start from,
   * e.g. one already migrated and seeded (test suites; see test/pgliteTemplate.ts).
   */
  pgliteTemplate?: PgliteImage | undefined;
  /** Connection trouble the server survives (a dropped connection), for the log. */
  warn?: ((message: string) => void) | undefined;
}

/** A name that tells this node's connections and notifications apart from other nodes'. */
export function newSessionName(): string {
  return `pasarela/${randomBytes(4).toString('hex')}`;
}

/** Opens the database, applies pending migrations and seeds the demo data on a fresh one. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const sessionName = options.sessionName ?? newSessionName();
  let db: Database;
  if (options.databaseUrl) {
    db = await openPostgresDatabase(options.databaseUrl, sessionName, options.warn);
  } else {
    if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
    db = await openPgliteDatabase(options.dataDir, sessionName, options.pgliteTemplate);
  }
  try {
    await migrate(db, options.migrationsDir);
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
