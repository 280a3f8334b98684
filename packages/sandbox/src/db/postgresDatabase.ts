import pg from 'pg';
import { isChannelName, type Database, type Transaction, type TransactionOptions } from './Database';
import { PgListener } from './pgListener';

/** Where a URL points, for messages: never its password. */
export function describeUrl(connectionString: string): string {
  const url = new URL(connectionString);
  return `${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/** A real PostgreSQL through a pool, for DATABASE_URL; one more connection LISTENs. */
export async function openPostgresDatabase(
  connectionString: string,
  sessionName: string,
  warn: (message: string) => void = () => undefined,
): Promise<Database> {
  const config = { connectionString, application_name: sessionName };
  const pool = new pg.Pool({ ...config, max: 10 });
  // An idle pooled connection that PostgreSQL drops must not take the process down with it.
  pool.on('error', (error) => warn(`database connection dropped: ${error.message}`));
  // Fail at start, not at the first payment, when the URL is wrong (and never print its password).
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Cannot use PostgreSQL at ${describeUrl(connectionString)} (DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`);
  }
  const listener = new PgListener(config, warn);
  return {
    kind: 'postgres',
    sessionName,
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, [...params]);
      return result.rows as Row[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        // BEGIN and the lock in one simple-protocol round trip (it takes no parameters, so the key
        // goes in as an escaped literal).
        await client.query(options.advisoryLock === undefined
          ? 'begin'
          : `begin; select pg_advisory_xact_lock(hashtext(${client.escapeLiteral(options.advisoryLock)}))`);
        const result = await fn({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            return (await client.query(sql, [...params])).rows as Row[];
          },
          async exec(sql: string) {
            // Without parameters pg uses the simple protocol, which runs several statements.
            await client.query(sql);
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is dropped from the pool, not handed out again.
        await client.query('rollback').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    listen(channel, onPayload) {
      if (!isChannelName(channel)) return Promise.reject(new Error(`Not a channel name: ${channel}`));
      return listener.listen(channel, onPayload);
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
