import pg from 'pg';
import { isChannelName, type Database, type Queryable, type Transaction, type TransactionOptions } from './Database';
import { PgListener } from './pgListener';
import { activeTrace, standalone, timeInto, writes } from './statementTrace';
import { asUnavailable, isAnswerTimeout, isConnectionError } from './unavailable';

/** Never its password. */
export function describeUrl(connectionString: string): string {
  const url = new URL(connectionString);
  return `${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/** Beyond these, SQL texts run unnamed: built SQL must not grow them without bound. */
const MAX_NAMED = 500;

/** "cached plan must not change result type": a table changed under a prepared statement. */
const FEATURE_NOT_SUPPORTED = '0A000';

/** One name per SQL text on every connection: a card payment's statements are parsed and planned once per connection. */
function namedStatements() {
  const names = new Map<string, string>();
  return (sql: string): string | undefined => {
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_NAMED) {
      name = `pasarela_${names.size + 1}`;
      names.set(sql, name);
    }
    return name;
  };
}

export const CONNECT_TIMEOUT_MS = 5_000;

/** Bounds on the pool's connections (docs/operations.md "When PostgreSQL goes away"): none is 0, which PostgreSQL reads as "never". */
export interface DatabaseLimits {
  /** DATABASE_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a statement running longer (statement_timeout). */
  statementTimeoutMs: number;
  /** DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: PostgreSQL ends a session left idle inside a transaction this long, releasing its locks. */
  idleInTransactionTimeoutMs: number;
  /** DATABASE_KEEPALIVE_MS: TCP keepalive probes start after the connection is silent this long (a failover, a NAT that dropped it). */
  keepAliveMs: number;
  /** DATABASE_POOL_SIZE: how many connections the pool opens at most (besides LISTEN's and /health's own); unset, DEFAULT_POOL_SIZE. */
  poolSize?: number | undefined;
}

export const DEFAULT_POOL_SIZE = 10;
export const MAX_POOL_SIZE = 100;

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = { statementTimeoutMs: 15_000, idleInTransactionTimeoutMs: 60_000, keepAliveMs: 10_000 };

/**
 * How much longer than statement_timeout the node waits for an answer before it gives the connection
 * up: PostgreSQL's own cancel arrives first on a live connection; a dead one (no FIN, no RST) says nothing.
 */
export const ANSWER_MARGIN_MS = 5_000;

/** pg's "no limit" for one query (its 0 means the connection's); setTimeout's largest delay. */
const NO_ANSWER_LIMIT_MS = 2 ** 31 - 1;

/** An answer past its limit leaves the connection with a statement in flight: given up, never reused nor rolled back on. */
function givenUpIfLate(error: unknown, health: { broken?: Error }): void {
  if (isAnswerTimeout(error)) health.broken ??= error as Error;
}

/** How long /health waits for its own connection's `select 1` (app.ts's 2 s covers the connect too). */
const PING_TIMEOUT_MS = 1_500;

/**
 * PostgreSQL may drop any connection (restart, failover): no connection 'error' event may go unheard,
 * a query on a lost one fails with DatabaseUnavailableError (503), and the pool reconnects later.
 */
export async function openPostgresDatabase(
  connectionString: string,
  sessionName: string,
  warn: (message: string) => void = () => undefined,
  limits: DatabaseLimits = DEFAULT_DATABASE_LIMITS,
): Promise<Database> {
  const config = { connectionString, application_name: sessionName, keepAlive: true, keepAliveInitialDelayMillis: limits.keepAliveMs };
  const answerLimitMs = limits.statementTimeoutMs + ANSWER_MARGIN_MS;
  const pool = new pg.Pool({
    ...config, max: limits.poolSize ?? DEFAULT_POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: limits.statementTimeoutMs, idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs, query_timeout: answerLimitMs,
  });
  // Tells the log once per outage, not once per connection or request.
  let lost = false;
  const connectionLost = (error: Error) => {
    if (lost) return;
    lost = true;
    warn(`database connection lost: ${error.message}`);
  };
  const connectionWorks = () => {
    if (!lost) return;
    lost = false;
    warn('database connection restored');
  };
  // An idle pooled connection that PostgreSQL drops must not take the process down with it.
  pool.on('error', connectionLost);
  // Fail at start, not at the first payment, when the URL is wrong (and never print its password).
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Cannot use PostgreSQL at ${describeUrl(connectionString)} (DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`);
  }
  const listener = new PgListener(config, warn);
  const ping = pingConnection({ ...config, connectionTimeoutMillis: PING_TIMEOUT_MS, statement_timeout: PING_TIMEOUT_MS });
  const nameOf = namedStatements();
  const named = async (on: pg.Pool | pg.PoolClient, sql: string, params: readonly unknown[], retry: boolean, answerMs?: number) => {
    // Without parameters pg sends the simple protocol, which may carry several statements: left as it is.
    const name = params.length > 0 ? nameOf(sql) : undefined;
    const limit = answerMs === undefined ? {} : { query_timeout: answerMs };
    try {
      return (await on.query({ text: sql, values: [...params], ...limit, ...(name === undefined ? {} : { name }) })).rows;
    } catch (error) {
      // A table changed under the statement (a migration of another node): once more, unnamed.
      if (!retry || name === undefined || (error as { code?: unknown }).code !== FEATURE_NOT_SUPPORTED) throw error;
      return (await on.query({ text: sql, values: [...params], ...limit })).rows;
    }
  };
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      const result = await work();
      connectionWorks();
      return result;
    } catch (error) {
      if (isConnectionError(error)) connectionLost(error instanceof Error ? error : new Error(String(error)));
      throw asUnavailable(error);
    }
  };
  /**
   * A pooled connection for work, its wait counted apart as the node's queue. Its 'error' must be
   * heard here, and the listener goes on in the pool's callback: after an `await` it would miss a
   * FATAL arriving with the answer that freed the connection (pg_terminate_backend), and that
   * unheard event would end the process. A broken connection is dropped from the pool, not handed
   * out again; with dropOnFailure, so is one whose work failed (as pg's own pool.query does).
   */
  const withClient = async <T>(dropOnFailure: boolean, work: (client: pg.PoolClient, health: { broken?: Error }) => Promise<T>): Promise<T> => {
    const health: { broken?: Error } = {};
    const onError = (error: Error) => {
      health.broken ??= error;
    };
    const client = await timeInto(activeTrace(), 'queueMs', () => new Promise<pg.PoolClient>((resolve, reject) => {
      pool.connect((error, taken) => {
        if (error || !taken) {
          reject(error ?? new Error('the pool gave no connection'));
          return;
        }
        taken.on('error', onError);
        resolve(taken);
      });
    }));
    let failed: Error | undefined;
    try {
      return await work(client, health);
    } catch (error) {
      givenUpIfLate(error, health);
      if (dropOnFailure) failed = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(health.broken ?? failed);
      client.off('error', onError);
    }
  };
  return {
    kind: 'postgres',
    sessionName,
    query<Row>(sql: string, params: readonly unknown[] = []) {
      const trace = activeTrace();
      return run(() => withClient(true, async (client) => (await standalone(trace, sql, () => named(client, sql, params, true))) as Row[]));
    },
    exec(sql: string) {
      const trace = activeTrace();
      return run(() => withClient(true, async (client) => {
        await standalone(trace, sql, () => client.query(sql));
      }));
    },
    transaction<T>(fn: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}) {
      const trace = activeTrace();
      // Each statement counted as it is sent; the commit once PostgreSQL has made it.
      const send = <R>(statements: number, work: () => Promise<R>) => {
        if (trace) trace.statements += statements;
        return timeInto(trace, 'statementMs', work);
      };
      let wrote = false;
      // A long-running transaction (a migration, the payouts' batch) lifts the pool's bounds for itself alone.
      const answerMs = options.longRunning === true ? NO_ANSWER_LIMIT_MS : undefined;
      return run(() => withClient(false, async (client, health) => {
        const opening = [
          'begin',
          ...(options.longRunning === true ? ['set local statement_timeout = 0', 'set local idle_in_transaction_session_timeout = 0'] : []),
          ...(options.advisoryLock === undefined ? [] : [`select pg_advisory_xact_lock(hashtext(${client.escapeLiteral(options.advisoryLock)}))`]),
        ];
        try {
          // BEGIN, its settings and the lock in one simple-protocol round trip (so the key is an escaped literal).
          await send(opening.length, () => client.query({ text: opening.join('; '), ...(answerMs === undefined ? {} : { query_timeout: answerMs }) }));
          const result = await fn({
            async query<Row>(sql: string, params: readonly unknown[] = []) {
              wrote ||= writes(sql);
              // No second try inside a transaction: its failed statement has aborted it.
              return (await send(1, () => named(client, sql, params, false, answerMs))) as Row[];
            },
            async exec(sql: string) {
              wrote ||= writes(sql);
              await send(1, () => client.query({ text: sql, ...(answerMs === undefined ? {} : { query_timeout: answerMs }) }));
            },
          });
          await send(1, () => client.query('commit'));
          if (trace) {
            trace.commits += 1;
            if (wrote) trace.writingCommits += 1;
          }
          return result;
        } catch (error) {
          givenUpIfLate(error, health);
          // A connection that cannot even roll back is dropped from the pool, not handed out again.
          if (!health.broken) {
            await send(1, () => client.query('rollback')).catch((rollbackError: unknown) => {
              health.broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
            });
          }
          const lost = health.broken;
          // The transaction's own error says what went wrong; a lost connection says it as a 503.
          throw lost && !isConnectionError(error) && isConnectionError(lost) ? lost : error;
        }
      }));
    },
    listen(channel, onPayload, onResume) {
      if (!isChannelName(channel)) return Promise.reject(new Error(`Not a channel name: ${channel}`));
      return listener.listen(channel, onPayload, onResume);
    },
    ping: (timeoutMs) => ping.check(timeoutMs),
    async close() {
      await listener.close();
      await ping.close();
      await pool.end();
    },
  };
}

/**
 * One connection of its own for /health, out of the pool: payments that hold every pooled connection
 * leave it free, so a busy node answers "ok" while a database that does not answer is said so in time.
 * A connection that fails or is late is dropped and the next check makes a new one; checks asked
 * while one runs share it.
 */
function pingConnection(config: pg.ClientConfig) {
  let client: pg.Client | undefined;
  let running: Promise<boolean> | undefined;
  let closed = false;
  const drop = () => {
    const gone = client;
    client = undefined;
    gone?.end().catch(() => undefined);
  };
  const once = async (): Promise<boolean> => {
    if (!client) {
      const fresh = new pg.Client(config);
      // Heard, never thrown: a lost connection is found by the next check.
      fresh.on('error', () => {
        if (client === fresh) drop();
      });
      client = fresh;
      await fresh.connect();
    }
    await client.query('select 1');
    return true;
  };
  return {
    async check(timeoutMs: number): Promise<boolean> {
      if (closed) return false;
      running ??= once().catch(() => {
        drop();
        return false;
      }).finally(() => {
        running = undefined;
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        const ok = await Promise.race([running, late]);
        // A late answer: the connection is given up (a dead one would hold every later check).
        if (!ok && running !== undefined) drop();
        return ok;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      closed = true;
      const gone = client;
      client = undefined;
      await gone?.end().catch(() => undefined);
    },
  };
}
