import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { readFile } from 'node:fs/promises';
import { openDatabase } from '../src/db/openDatabase';
import { pgliteImageOfDump, type PgliteImage } from '../src/db/pgliteImage';
import type { PgliteDatabase } from '../src/db/pgliteDatabase';

/** A PGlite database migrated and seeded as a sandbox's first start makes it: its directory and its dump. */
export interface DatabaseTemplate {
  /** The data directory, for a sandbox in a child process to copy. */
  dataDir: string;
  /** The directory's dump (dumpDataDir), for a database in memory to start from. */
  dump: string;
}

/**
 * The environment variable through which `npm test` (scripts/test.mjs) names one empty directory
 * for all its suites' templates. The route suite on PGlite, the same suite on PostgreSQL (whose
 * HTTP tests' servers run on PGlite) and the browser suite all start from the same migrated and
 * seeded PGlite; making it costs about 6 CPU-s, so the suites, started together, make it once.
 */
export const SHARED_TEMPLATE_DIR_VARIABLE = 'PASARELA_TEST_TEMPLATE_DIR';

/** How long a suite waits for another suite to make the shared template. */
const WAIT_MS = 300_000;

/**
 * The suites' template. With SHARED_TEMPLATE_DIR_VARIABLE set, the first suite to claim that
 * directory makes the template in it and the others wait for it, then use the same files (the
 * directory is its creator's to remove). Without it, a template of the suite's own in a new
 * temporary directory. Resolves to the files and what to call when the suite ends.
 */
export async function suiteTemplate(migrationsDir: string): Promise<{ template: DatabaseTemplate; remove: () => void }> {
  const shared = process.env[SHARED_TEMPLATE_DIR_VARIABLE];
  if (!shared) {
    const dir = mkdtempSync(join(tmpdir(), 'pasarela-template-'));
    return { template: await makeTemplate(dir, migrationsDir), remove: () => rmSync(dir, { recursive: true, force: true }) };
  }
  const template = templateIn(shared);
  const ready = join(shared, 'ready');
  const failed = join(shared, 'failed');
  if (claim(join(shared, 'claimed'))) {
    try {
      await makeTemplate(shared, migrationsDir);
      writeFileSync(ready, '');
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
      throw error;
    }
    return { template, remove: () => {} };
  }
  for (const started = Date.now(); !existsSync(ready); await sleep(100)) {
    if (existsSync(failed)) throw new Error(`Another suite failed to make the test database template in ${shared}:\n${readFileSync(failed, 'utf8')}`);
    if (Date.now() - started > WAIT_MS) throw new Error(`No test database template in ${shared} after ${WAIT_MS / 1000} s`);
  }
  return { template, remove: () => {} };
}

const templateIn = (dir: string): DatabaseTemplate => ({ dataDir: join(dir, 'data'), dump: join(dir, 'data.tar') });

/** True for the one caller that creates the directory (mkdir is atomic); false when it exists. */
function claim(dir: string): boolean {
  try {
    mkdirSync(dir);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * PostgreSQL's buffer pool for the test databases: 16 MB, not the 128 MB PGlite's initdb writes in
 * postgresql.conf. A PGlite sets its whole pool up as it starts, whatever it will hold: 0.46-0.68
 * CPU-s per database with 128 MB, 0.25-0.27 with 16 MB (ten opens of this template each, in one
 * process), and the suites start a hundred or more. A test database holds a few hundred rows.
 */
const TEST_SHARED_BUFFERS = '16MB';

async function makeTemplate(dir: string, migrationsDir: string): Promise<DatabaseTemplate> {
  const template = templateIn(dir);
  const db = (await openDatabase({ dataDir: template.dataDir, migrationsDir })) as PgliteDatabase;
  try {
    // postgresql.auto.conf: every database started from the template (a copy of its directory or
    // of its dump) reads it.
    await db.exec(`alter system set shared_buffers = '${TEST_SHARED_BUFFERS}'`);
    writeFileSync(template.dump, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
  } finally {
    await db.close();
  }
  return template;
}

const images = new Map<string, Promise<PgliteImage>>();

/** The image of a template's dump (db/pgliteImage.ts), read and parsed once per process. */
export function templateImage(dumpFile: string): Promise<PgliteImage> {
  let image = images.get(dumpFile);
  if (!image) {
    image = readFile(dumpFile).then(pgliteImageOfDump);
    images.set(dumpFile, image);
  }
  return image;
}
