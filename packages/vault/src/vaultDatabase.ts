import { PGlite } from '@electric-sql/pglite';
import { claimDataDir, isConnectionError, preparedSession } from '@pasarela/pglite-statements';
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
  const release = dataDir !== undefined ? claimDataDir(dataDir) : () => undefined;
  const db = new PGlite(dataDir !== undefined ? { dataDir } : {});
  await db.waitReady.catch((error: unknown) => {
    release();
    throw error;
  });
  const { query, transaction, close } = preparedSession(db);
  return {
    query,
    transaction,
    async close() {
      try {
        await close();
      } finally {
        release();
      }
    },
  };
}

/** How long a request waits for a connection before it fails: the server's call times out, never hangs. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL may drop any connection (a restart, a failover, pg_terminate_backend): no connection's
 * 'error' event goes unheard (unheard, it would end the process), a broken connection goes back to no
 * one, and the pool connects again for the next request. An outage is told once, and its end.
 */
export function openPostgres(connectionString: string, warn: (message: string) => void = () => undefined): VaultDatabase {
  const pool = new pg.Pool({ connectionString, application_name: 'pasarela-vault', max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  let lost = false;
  const connectionLost = (error: Error) => {
    if (lost) return;
    lost = true;
    warn(`card vault: database connection lost: ${error.message}`);
  };
  const connectionWorks = <T>(result: T): T => {
    if (lost) {
      lost = false;
      warn('card vault: database connection restored');
    }
    return result;
  };
  // An idle pooled connection that PostgreSQL drops.
  pool.on('error', connectionLost);
  const failed = (error: unknown): never => {
    if (isConnectionError(error)) connectionLost(error instanceof Error ? error : new Error(String(error)));
    throw error;
  };
  return {
    query: <Row>(sql: string, params: readonly unknown[] = []) =>
      pool.query(sql, params as unknown[]).then((answer) => connectionWorks(answer.rows as Row[]), failed),
    async transaction(fn) {
      // Its 'error' listened to from the pool's callback: after an await, a FATAL that came with the
      // answer that freed the connection would find no listener.
      const health: { broken?: Error } = {};
      const onError = (error: Error) => {
        health.broken ??= error;
      };
      const client = await new Promise<pg.PoolClient>((resolve, reject) => {
        pool.connect((error, taken) => {
          if (error || !taken) return reject(error ?? new Error('the pool gave no connection'));
          taken.on('error', onError);
          resolve(taken);
        });
      }).catch(failed);
      let failure: Error | undefined;
      try {
        await client.query('begin');
        const result = await fn({ query: async <Row>(sql: string, params: readonly unknown[] = []) => (await client.query(sql, params as unknown[])).rows as Row[] });
        await client.query('commit');
        return connectionWorks(result);
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        await client.query('rollback').catch(() => undefined);
        if (health.broken) connectionLost(health.broken);
        throw error;
      } finally {
        // A connection whose work failed is closed, not handed out again.
        client.release(health.broken ?? failure);
        client.off('error', onError);
      }
    },
    close: () => pool.end(),
  };
}

/** Where a PostgreSQL URL points, as an operator reads it: host:port/database, never the password. */
function placeOf(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname}:${url.port || '5432'}/${decodeURIComponent(url.pathname.slice(1))}`;
  } catch {
    return 'the URL given';
  }
}

/** A refused connection to a host of several addresses is an AggregateError whose own message is empty. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const inner = (error as { errors?: unknown }).errors;
  if (error.message === '' && Array.isArray(inner) && inner.length > 0) return inner.map(reasonOf).join('; ');
  return error.message || (error as NodeJS.ErrnoException).code || error.name;
}

/**
 * openPostgres, once a first statement has gone through: a URL that never works (a wrong password, a
 * port nothing listens on, no such database) stops the start with an error naming the setting, not
 * a "connection lost" warning for a connection never made.
 */
export async function connectPostgres(connectionString: string, warn: (message: string) => void = () => undefined): Promise<VaultDatabase> {
  let started = false;
  const database = openPostgres(connectionString, (message) => {
    if (started) warn(message);
  });
  try {
    await database.query('select 1');
  } catch (error) {
    await database.close().catch(() => undefined);
    const password = (() => {
      try {
        return decodeURIComponent(new URL(connectionString).password);
      } catch {
        return '';
      }
    })();
    const reason = password === '' ? reasonOf(error) : reasonOf(error).replaceAll(password, '***');
    throw new Error(`Cannot use PostgreSQL at ${placeOf(connectionString)} (VAULT_DATABASE_URL): ${reason}`);
  }
  started = true;
  return database;
}
