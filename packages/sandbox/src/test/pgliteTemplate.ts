import { readFile, writeFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { migrate } from '../db/migrate';
import { newSessionName } from '../db/openDatabase';
import { openPgliteDatabase } from '../db/pgliteDatabase';
import { seedDemoData, seedDemoExtras } from '../db/seed';

/**
 * An in-memory PGlite starts by running initdb, a second or more of CPU each time (several under
 * load), and the sandbox's suites open hundreds of them. The suites' global setup migrates and
 * seeds one database as openDatabase does and dumps its files; every test database starts from
 * that dump (openDatabase's pgliteTemplate): the same tables and demo rows, its own session.
 */
export async function writePgliteTemplate(file: string, migrationsDir: string): Promise<void> {
  const db = await openPgliteDatabase(undefined, newSessionName());
  try {
    await migrate(db, migrationsDir);
    await seedDemoData(db);
    await seedDemoExtras(db);
    const dump = await db.dumpDataDir();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the global setup wrote the template's dump (packages/sandbox/src/test/globalSetup.ts). */
    pgliteTemplateFile: string;
  }
}

let template: Promise<Blob | undefined> | undefined;

/** The global setup's dump, read once per test file; undefined when no setup wrote one. */
export function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplateFile');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return template;
}
