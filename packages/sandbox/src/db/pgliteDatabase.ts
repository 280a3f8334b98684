import { PGlite } from '@electric-sql/pglite';
import { isChannelName, type Database, type Queryable, type Transaction } from './Database';

/** PGlite's Database, which can also dump its files (a template for other databases). */
export interface PgliteDatabase extends Database {
  dumpDataDir(): Promise<Blob>;
}
import { preparedSession } from './pglitePrepared';

/**
 * PGlite in a data directory, or in memory when dataDir is undefined (tests). A new database starts
 * from `template` (a dumpDataDir() of another one) when given, instead of running initdb: that takes
 * PGlite a second or more of CPU, and the test suites open hundreds of databases.
 */
export async function openPgliteDatabase(dataDir: string | undefined, sessionName: string, template?: Blob): Promise<PgliteDatabase> {
  const pg = new PGlite({ ...(dataDir === undefined ? {} : { dataDir }), ...(template === undefined ? {} : { loadDataDir: template }) });
  await pg.waitReady;
  // One session for the whole process: its notifications come back to it, as PostgreSQL's do.
  await pg.query('select set_config($1, $2, false)', ['application_name', sessionName]);
  const { query, transaction } = preparedSession(pg);
  return {
    kind: 'pglite',
    sessionName,
    query,
    async exec(sql: string) {
      await pg.exec(sql);
    },
    // No advisory lock (TransactionOptions): PGlite runs every query and transaction of its one
    // session alone, so two transactions never overlap and the lock would only cost a statement.
    transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      return transaction(fn);
    },
    // The statement is its own transaction (Database.oneStatementLocked); sent through this object's query.
    oneStatementLocked<T>(this: Queryable, _advisoryLock: string, fn: (db: Queryable) => Promise<T>) {
      return fn(this);
    },
    async listen(channel, onPayload) {
      if (!isChannelName(channel)) throw new Error(`Not a channel name: ${channel}`);
      const stop = await pg.listen(channel, onPayload);
      return async () => {
        if (!pg.closed) await stop();
      };
    },
    dumpDataDir() {
      return pg.dumpDataDir('none');
    },
    async close() {
      await pg.close();
    },
  };
}
