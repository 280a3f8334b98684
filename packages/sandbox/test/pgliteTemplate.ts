import { cp } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import type { PgliteImage } from '../src/db/pgliteImage';
import { templateImage } from './sharedTemplate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
  }
}

/**
 * initdb costs a second or more of CPU per in-memory PGlite and the suites open hundreds: every test
 * database starts from the global setup's migrated and seeded dump instead (undefined without one).
 */
export async function pgliteTemplate(): Promise<PgliteImage | undefined> {
  const file = inject('pgliteTemplateFile');
  return file ? templateImage(file) : undefined;
}

/** So a test that reopens a PGlite from its files skips initdb; nothing when no setup wrote one. */
export async function copyTemplateDataDir(to: string): Promise<void> {
  const file = inject('pgliteTemplateFile');
  if (file) await cp(join(dirname(file), 'data'), to, { recursive: true });
}
