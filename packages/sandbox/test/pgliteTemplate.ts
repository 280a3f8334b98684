import { cp } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import type { PgliteImage } from '../src/db/pgliteImage';
import { templateImage } from './sharedTemplate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the global setup wrote the template's dump (packages/sandbox/test/globalSetup.ts). */
    pgliteTemplateFile: string;
  }
}

/**
 * An in-memory PGlite starts by running initdb, a second or more of CPU each time (several under
 * load), and the sandbox's suites open hundreds of them. The suites' global setup migrates and
 * seeds one database as openDatabase does and dumps its files (test/sharedTemplate.ts); every test
 * database starts from that dump (openDatabase's pgliteTemplate): the same tables and demo rows,
 * its own session.
 *
 * The image of the global setup's dump, read once per worker (pgliteImage.ts); undefined when
 * no setup wrote one.
 */
export async function pgliteTemplate(): Promise<PgliteImage | undefined> {
  const file = inject('pgliteTemplateFile');
  return file ? templateImage(file) : undefined;
}

/**
 * Copies the global setup's migrated and seeded data directory into `to`, so a test that reopens
 * a PGlite from its files starts without initdb (seconds of CPU, a minute on a busy machine).
 * Does nothing when no setup wrote one.
 */
export async function copyTemplateDataDir(to: string): Promise<void> {
  const file = inject('pgliteTemplateFile');
  if (file) await cp(join(dirname(file), 'data'), to, { recursive: true });
}
