import { PGlite } from '@electric-sql/pglite';
import { preparedSession } from '@pasarela/pglite-statements';
import pg from 'pg';

/** The vault's own store: PGlite in its data folder on one node, PostgreSQL for several nodes. */
export interface VaultDatabase {
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** One session for the whole of `fn`, so an advisory lock taken inside holds until it ends. */
  transaction<T>(fn: (tx: Pick<VaultDatabase, 'query'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * In memory when dataDir is undefined. Each SQL text is prepared once (@pasarela/pglite-statements); the
 * one session runs one statement or transaction at a time, in the order asked, so that a statement
 * never runs inside a transaction another request has open.
 */
export async function openPglite(dataDir: string | undefined): Promise<VaultDatabase> {
  const db = new PGlite(dataDir !== undefined ? { dataDir } : {});
  await db.waitReady;
  const { query, transaction, close } = preparedSession(db);
  return { query, transaction, close };
}

export function openPostgres(connectionString: string): VaultDatabase {
  const pool = new pg.Pool({ connectionString, max: 10 });
  return {
    query: async <Row>(sql: string, params: readonly unknown[] = []) => (await pool.query(sql, params as unknown[])).rows as Row[],
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({ query: async <Row>(sql: string, params: readonly unknown[] = []) => (await client.query(sql, params as unknown[])).rows as Row[] });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
