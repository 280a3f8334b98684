import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../packages/sandbox/src/db/openDatabase';
import { defaultPaths } from '../../packages/sandbox/src/paths';

/**
 * The browser suite's global setup: one PGlite data directory, migrated and seeded as a sandbox's
 * first start makes it, which every sandbox the suite starts copies (scripts/sandbox-process.mjs,
 * PASARELA_DATA_TEMPLATE) instead of running initdb and the migrations itself: seconds of CPU per
 * sandbox on two shared cores.
 */
export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'pasarela-e2e-template-'));
  const db = await openDatabase({ dataDir: dir, migrationsDir: defaultPaths().migrationsDir });
  await db.close();
  process.env['PASARELA_DATA_TEMPLATE'] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
