import { PGlite } from '@electric-sql/pglite';
import { isChannelName, type Database, type Queryable, type Transaction } from './Database';
import { PGLITE_DATA_DIRECTORY, PgliteImageFilesystem, type PgliteImage } from './pgliteImage';

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
  return {
    kind: 'pglite',
    sessionName,
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return (await pg.query<Row>(sql, params as unknown[])).rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    // No advisory lock: PGlite's one session runs every transaction alone.
    transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      return pg.transaction((tx) =>
        fn({
          query: async <Row>(sql: string, params: readonly unknown[] = []) => (await tx.query<Row>(sql, params as unknown[])).rows,
          exec: async (sql: string) => {
            await tx.exec(sql);
          },
        }),
      );
    },
    oneStatementLocked<T>(this: Queryable, _advisoryLock: string, fn: (db: Queryable) => Promise<T>) {
      return fn(this);
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
