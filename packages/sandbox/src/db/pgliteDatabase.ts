import { PGlite } from '@electric-sql/pglite';
import { isChannelName, type Database, type Transaction } from './Database';
import { preparedQueries } from './pglitePrepared';

/** PGlite in a data directory, or in memory when dataDir is undefined (tests). */
export async function openPgliteDatabase(dataDir: string | undefined, sessionName: string): Promise<Database> {
  const pg = dataDir === undefined ? new PGlite() : new PGlite(dataDir);
  await pg.waitReady;
  // One session for the whole process: its notifications come back to it, as PostgreSQL's do.
  await pg.query('select set_config($1, $2, false)', ['application_name', sessionName]);
  const query = preparedQueries(pg);
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
      return pg.transaction(async (tx) =>
        fn({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            return (await tx.query<Row>(sql, [...params])).rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async listen(channel, onPayload) {
      if (!isChannelName(channel)) throw new Error(`Not a channel name: ${channel}`);
      const stop = await pg.listen(channel, onPayload);
      return async () => {
        if (!pg.closed) await stop();
      };
    },
    async close() {
      await pg.close();
    },
  };
}
