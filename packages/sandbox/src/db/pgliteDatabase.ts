import { PGlite } from '@electric-sql/pglite';
import { isChannelName, type Database, type Queryable, type Transaction } from './Database';
import { PGLITE_DATA_DIRECTORY, PgliteImageFilesystem, type PgliteImage } from './pgliteImage';
import { preparedStatements, turns } from '@pasarela/pglite-statements';
import { activeTrace, standalone, timeInto, writes, type StatementTrace } from './statementTrace';

export interface PgliteDatabase extends Database {
  dumpDataDir(): Promise<Blob>;
}

/** In memory when dataDir is undefined; from `template` instead of initdb, which costs a second or more of CPU per database. */
export async function openPgliteDatabase(dataDir: string | undefined, sessionName: string, template?: PgliteImage): Promise<PgliteDatabase> {
  if (dataDir !== undefined && template !== undefined) throw new Error('A PGlite template starts in-memory databases only, not one in a data directory');
  const pg = new PGlite(dataDir !== undefined ? { dataDir } : template !== undefined ? { fs: new PgliteImageFilesystem(template) } : {});
  await pg.waitReady;
  if (template !== undefined) {
    const [row] = (await pg.query<{ data_directory: string }>('show data_directory')).rows;
    if (row?.data_directory !== PGLITE_DATA_DIRECTORY) {
      await pg.close();
      throw new Error(`PGlite keeps its data in ${row?.data_directory}, not ${PGLITE_DATA_DIRECTORY}: the template was not used`);
    }
  }
  // One session: its notifications come back to it, as PostgreSQL's do.
  await pg.query('select set_config($1, $2, false)', ['application_name', sessionName]);
  const prepared = preparedStatements(pg);
  // PGlite's one session runs one statement or transaction at a time; its turns are taken here, in
  // the same order, so that the wait for one is counted apart (the node's queue) from the work.
  const turn = turns();
  const inTurn = <T>(trace: StatementTrace | undefined, work: () => Promise<T>): Promise<T> => turn(work, (wait) => timeInto(trace, 'queueMs', wait));
  return {
    kind: 'pglite',
    sessionName,
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const trace = activeTrace();
      return inTurn(trace, () => standalone(trace, sql, () => prepared<Row>(sql, params, false)));
    },
    async exec(sql: string) {
      const trace = activeTrace();
      await inTurn(trace, () => standalone(trace, sql, () => pg.exec(sql)));
    },
    // No advisory lock: PGlite's one session runs every transaction alone.
    transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      const trace = activeTrace();
      const send = <R>(work: () => Promise<R>) => {
        if (trace) trace.statements += 1;
        return timeInto(trace, 'statementMs', work);
      };
      let wrote = false;
      return inTurn(trace, async () => {
        // PGlite sends BEGIN before fn and COMMIT (or ROLLBACK) after it.
        if (trace) trace.statements += 2;
        let open = true;
        const result = await pg.transaction((tx) =>
          fn({
            query: async <Row>(sql: string, params: readonly unknown[] = []) => {
              // As PGlite's own tx.query refuses once its transaction ended.
              if (!open) throw new Error('Transaction is closed');
              wrote ||= writes(sql);
              return send(() => prepared<Row>(sql, params, true));
            },
            exec: async (sql: string) => {
              wrote ||= writes(sql);
              await send(() => tx.exec(sql));
            },
          }).finally(() => (open = false)),
        );
        if (trace) {
          trace.commits += 1;
          if (wrote) trace.writingCommits += 1;
        }
        return result;
      });
    },
    async listen(channel, onPayload) {
      if (!isChannelName(channel)) throw new Error(`Not a channel name: ${channel}`);
      return pg.listen(channel, onPayload);
    },
    dumpDataDir() {
      return pg.dumpDataDir('none');
    },
    async close() {
      await pg.close();
    },
  };
}
