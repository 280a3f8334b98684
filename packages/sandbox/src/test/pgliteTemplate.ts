import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the global setup wrote the template's dump (packages/sandbox/src/test/globalSetup.ts). */
    pgliteTemplateFile: string;
  }
}

let template: Promise<Blob | undefined> | undefined;

/**
 * An in-memory PGlite starts by running initdb, a second or more of CPU each time (several under
 * load), and the sandbox's suites open hundreds of them. The suites' global setup migrates and
 * seeds one database as openDatabase does and dumps its files (test/sharedTemplate.ts); every test
 * database starts from that dump (openDatabase's pgliteTemplate): the same tables and demo rows,
 * its own session.
 *
 * The global setup's dump, read once per worker; undefined when no setup wrote one.
 */
export function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplateFile');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return template;
}
