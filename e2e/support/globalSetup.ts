import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultPaths } from '../../packages/sandbox/src/paths';
import { suiteTemplate } from '../../packages/sandbox/test/sharedTemplate';
import { migrate } from '../../packages/vault/src/migrations';
import { openPglite } from '../../packages/vault/src/vaultDatabase';

/**
 * The browser suite's global setup: one PGlite data directory, migrated and seeded as a sandbox's
 * first start makes it (shared with the route suites of an `npm test` run,
 * packages/sandbox/test/sharedTemplate.ts), which every sandbox the suite starts begins from
 * instead of running initdb and the migrations itself (seconds of CPU per sandbox on two shared
 * cores): the built sandbox in a child process copies the directory (scripts/sandbox-process.mjs,
 * PASARELA_DATA_TEMPLATE); a sandbox in the test's own process loads its dump into memory
 * (support/sandbox.ts, PASARELA_DATA_TEMPLATE_DUMP).
 *
 * The same for the card vault each built sandbox starts beside it: one migrated store its process
 * copies (PASARELA_VAULT_DATA_TEMPLATE) instead of running PGlite's initdb, about 6 CPU-s per
 * vault, once per browser file that starts the built server.
 */
export default async function setup() {
  const { template, remove } = await suiteTemplate(defaultPaths().migrationsDir);
  process.env['PASARELA_DATA_TEMPLATE'] = template.dataDir;
  process.env['PASARELA_DATA_TEMPLATE_DUMP'] = template.dump;
  const vaultTemplate = await vaultStoreTemplate();
  process.env['PASARELA_VAULT_DATA_TEMPLATE'] = vaultTemplate;
  return () => {
    remove();
    rmSync(vaultTemplate, { recursive: true, force: true });
  };
}

/** A vault store with its schema, holding no card and no key (the keys are each vault process's own). */
async function vaultStoreTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pasarela-vault-template-'));
  const database = await openPglite(dir);
  try {
    await migrate(database);
    // As the server's template: a smaller buffer pool, which PGlite sets up on every start.
    await database.query("alter system set shared_buffers = '16MB'");
  } finally {
    await database.close();
  }
  return dir;
}
