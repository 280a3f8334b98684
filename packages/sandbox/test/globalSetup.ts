import type { TestProject } from 'vitest/node';
import { defaultPaths } from '../src/paths';
import { suiteTemplate } from './sharedTemplate';

/**
 * The sandbox suites' global setup: one migrated and seeded PGlite, dumped for every test database
 * to start from (shared with the other suites of an `npm test` run, test/sharedTemplate.ts). Made
 * on PostgreSQL (TEST_DATABASE_URL) too: there the route tests' apps get a schema each, but the
 * servers the HTTP tests start without a database URL still run on PGlite.
 */
export default async function setup(project: TestProject) {
  const { template, remove } = await suiteTemplate(defaultPaths().migrationsDir);
  project.provide('pgliteTemplateFile', template.dump);
  return remove;
}
