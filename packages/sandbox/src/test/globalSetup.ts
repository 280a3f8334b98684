import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { defaultPaths } from '../paths';
import { writePgliteTemplate } from './pgliteTemplate';

/** The sandbox suites' global setup: one migrated and seeded PGlite, dumped for every test database to start from. */
export default async function setup(project: TestProject) {
  // On PostgreSQL (TEST_DATABASE_URL) each suite gets a schema of its own: no PGlite to start.
  if (process.env['TEST_DATABASE_URL']) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'pasarela-pglite-template-'));
  const file = join(dir, 'template.tar');
  await writePgliteTemplate(file, defaultPaths().migrationsDir);
  project.provide('pgliteTemplateFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
