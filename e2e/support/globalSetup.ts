import { defaultPaths } from '../../packages/sandbox/src/paths';
import { suiteTemplate } from '../../packages/sandbox/test/sharedTemplate';

/**
 * The browser suite's global setup: one PGlite data directory, migrated and seeded as a sandbox's
 * first start makes it (shared with the route suites of an `npm test` run,
 * packages/sandbox/test/sharedTemplate.ts), which every sandbox the suite starts begins from
 * instead of running initdb and the migrations itself (seconds of CPU per sandbox on two shared
 * cores): the built sandbox in a child process copies the directory (scripts/sandbox-process.mjs,
 * PASARELA_DATA_TEMPLATE); a sandbox in the test's own process loads its dump into memory
 * (support/sandbox.ts, PASARELA_DATA_TEMPLATE_DUMP).
 */
export default async function setup() {
  const { template, remove } = await suiteTemplate(defaultPaths().migrationsDir);
  process.env['PASARELA_DATA_TEMPLATE'] = template.dataDir;
  process.env['PASARELA_DATA_TEMPLATE_DUMP'] = template.dump;
  return remove;
}
