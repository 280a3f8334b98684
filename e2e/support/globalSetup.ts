import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../packages/sandbox/src/db/openDatabase';
import type { PgliteDatabase } from '../../packages/sandbox/src/db/pgliteDatabase';
import { defaultPaths } from '../../packages/sandbox/src/paths';

/**
 * The browser suite's global setup: one PGlite data directory, migrated and seeded as a sandbox's
 * first start makes it, which every sandbox the suite starts begins from instead of running initdb
 * and the migrations itself (seconds of CPU per sandbox on two shared cores): the built sandbox in a
 * child process copies the directory (scripts/sandbox-process.mjs, PASARELA_DATA_TEMPLATE); a
 * sandbox in the test's own process loads its dump into memory (support/sandbox.ts,
 * PASARELA_DATA_TEMPLATE_DUMP).
 */
export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'pasarela-e2e-template-'));
  const dataDir = join(dir, 'data');
  const db = (await openDatabase({ dataDir, migrationsDir: defaultPaths().migrationsDir })) as PgliteDatabase;
  const dump = join(dir, 'data.tar');
  writeFileSync(dump, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
  await db.close();
  process.env['PASARELA_DATA_TEMPLATE'] = dataDir;
  process.env['PASARELA_DATA_TEMPLATE_DUMP'] = dump;
  return () => rmSync(dir, { recursive: true, force: true });
}
