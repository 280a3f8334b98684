import { PGlite } from '@electric-sql/pglite';
import { isChannelName, type Database, type Queryable, type Transaction } from './Database';
import { PGLITE_DATA_DIRECTORY, PgliteImageFilesystem, type PgliteImage } from './pgliteImage';
import { claimDataDir, preparedSession } from '@pasarela/pglite-statements';
import { activeTrace, standalone, timeInto, writes, type StatementTrace } from './statementTrace';

export interface PgliteDatabase extends Database {
  dumpDataDir(): Promise<Blob>;
}

/** In memory when dataDir is undefined; from `template` instead of initdb, which costs a second or more of CPU per database. */
export async function openPgliteDatabase(dataDir: string | undefined, sessionName: string, template?: PgliteImage): Promise<PgliteDatabase> {
  if (dataDir !== undefined && template !== undefined) throw new Error('A PGlite template starts in-memory databases only, not one in a data directory');
  const release = dataDir !== undefined ? claimDataDir(dataDir) : () => undefined;
  const pg = new PGlite(dataDir !== undefined ? { dataDir } : template !== undefined ? { fs: new PgliteImageFilesystem(template) } : {});
  await pg.waitReady.catch((error: unknown) => {
    release();
    throw error;
  });
  if (template !== undefined) {
    const [row] = (await pg.query<{ data_directory: string }>('show data_directory')).rows;
    if (row?.data_directory !== PGLITE_DATA_DIRECTORY) {
      await pg.close();
      throw new Error(`PGlite keeps its data in ${row?.data_directory}, not ${PGLITE_DATA_DIRECTORY}: the template was not used`);
    }
  }
  // One session: its notifications come back to it, as PostgreSQL's do.
  await pg.query('select set_config($1, $2, false)', ['application_name', sessionName]);
  // PGlite's one session runs one statement or transaction at a time; the wait for its turn is
  // counted apart (the node's queue) from the work.
  const session = preparedSession(pg);
  const waitFor = (trace: StatementTrace | undefined) => (turn: () => Promise<void>) => timeInto(trace, 'queueMs', turn);
  return {
    kind: 'pglite',
    sessionName,
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const trace = activeTrace();
      return session.query<Row>(sql, params, { wait: waitFor(trace), work: (run) => standalone(trace, sql, run) });
    },
    async exec(sql: string) {
      const trace = activeTrace();
      await session.exec(sql, { wait: waitFor(trace), work: (run) => standalone(trace, sql, run) });
    },
    // No advisory lock: PGlite's one session runs every transaction alone.
    transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      const trace = activeTrace();
      let wrote = false;
      return session.transaction(fn, {
        wait: waitFor(trace),
        work: async (run) => {
          // PGlite sends BEGIN before fn and COMMIT (or ROLLBACK) after it.
          if (trace) trace.statements += 2;
          const result = await run();
          if (trace) {
            trace.commits += 1;
            if (wrote) trace.writingCommits += 1;
          }
          return result;
        },
        statement: (sql, send) => {
          wrote ||= writes(sql);
          if (trace) trace.statements += 1;
          return timeInto(trace, 'statementMs', send);
        },
      });
    },
    async listen(channel, onPayload) {
      if (!isChannelName(channel)) throw new Error(`Not a channel name: ${channel}`);
      return pg.listen(channel, onPayload);
    },
    // One session in this process: nothing to reach but its turn (never inside another's transaction), waited for within timeoutMs.
    async ping(timeoutMs: number) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([session.query('select 1').then(() => true, () => false), late]);
      } finally {
        clearTimeout(timer);
      }
    },
    dumpDataDir() {
      return pg.dumpDataDir('none');
    },
    async close() {
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}
