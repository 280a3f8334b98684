import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { defaultPaths } from '../paths';
import { writePgliteTemplate } from './pgliteTemplate';

/**
 * The sandbox suites' global setup: one migrated and seeded PGlite, dumped for every test database
 * to start from. Made on PostgreSQL (TEST_DATABASE_URL) too: there the route tests' apps get a
 * schema each, but the servers the HTTP tests start without a database URL still run on PGlite.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'pasarela-pglite-template-'));
  const file = join(dir, 'template.tar');
  await writePgliteTemplate(file, defaultPaths().migrationsDir);
  project.provide('pgliteTemplateFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
