import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { readFile } from 'node:fs/promises';
import { openDatabase } from '../src/db/openDatabase';
import { pgliteImageOfDump, type PgliteImage } from '../src/db/pgliteImage';
import type { PgliteDatabase } from '../src/db/pgliteDatabase';

export interface DatabaseTemplate {
  dataDir: string;
  dump: string;
}

/** `npm test` names one directory here so its suites make the migrated PGlite (about 6 CPU-s) once. */
export const SHARED_TEMPLATE_DIR_VARIABLE = 'PASARELA_TEST_TEMPLATE_DIR';

const WAIT_MS = 300_000;

/** With the shared directory, the first suite to claim it makes the template and the others wait; else one of its own. */
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

/** mkdir is atomic: true for the one caller that creates it. */
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
 * PGlite sets its whole buffer pool up as it starts: 0.46-0.68 CPU-s per database with initdb's 128 MB,
 * 0.25-0.27 with 16 MB, and the suites open a hundred or more (holding a few hundred rows).
 */
const TEST_SHARED_BUFFERS = '16MB';

async function makeTemplate(dir: string, migrationsDir: string): Promise<DatabaseTemplate> {
  const template = templateIn(dir);
  const db = (await openDatabase({ dataDir: template.dataDir, migrationsDir })) as PgliteDatabase;
  try {
    // postgresql.auto.conf: every database started from the template reads it.
    await db.exec(`alter system set shared_buffers = '${TEST_SHARED_BUFFERS}'`);
    writeFileSync(template.dump, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
  } finally {
    await db.close();
  }
  return template;
}

const images = new Map<string, Promise<PgliteImage>>();

/** Read and parsed once per process. */
export function templateImage(dumpFile: string): Promise<PgliteImage> {
  let image = images.get(dumpFile);
  if (!image) {
    image = readFile(dumpFile).then(pgliteImageOfDump);
    images.set(dumpFile, image);
  }
  return image;
}
