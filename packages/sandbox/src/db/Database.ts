/** Anything that runs parameterised SQL: the database itself or one transaction on it. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  /** The transaction-level advisory lock held from BEGIN to COMMIT. */
  advisoryLock?: string;
  /**
   * Work that may rightly take long (a migration, the payouts' batch): PostgreSQL's statement_timeout and
   * idle_in_transaction_session_timeout, and the node's wait for an answer, are lifted for it alone.
   */
  longRunning?: boolean;
}

/** The one interface the routes see, whether PGlite or PostgreSQL sits behind it. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** This node's application_name; its NOTIFYs carry it as their origin. */
  readonly sessionName: string;
  exec(sql: string): Promise<void>;
  /**
   * With advisoryLock, pg_advisory_xact_lock is taken in BEGIN's round trip, so same-key transactions
   * run one after the other on any node. PGlite runs one transaction at a time: no lock needed.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** LISTEN from any node; onResume: the connection came back and notifications meanwhile were lost, so look again. */
  listen(channel: string, onPayload: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
  /**
   * Whether the database answers `select 1` within timeoutMs, on a path of its own: never queued behind
   * the payments holding the pool (PostgreSQL: one connection kept for it), for the load balancer's /health.
   * Both databases have it; a test's stand-in may not.
   */
  ping?(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The same database with every statement run as long-running work (TransactionOptions.longRunning), each in a transaction of its own. */
export function longRunning(db: Database): Database {
  return {
    kind: db.kind,
    sessionName: db.sessionName,
    query<Row>(sql: string, params?: readonly unknown[]) {
      return db.transaction((tx) => tx.query<Row>(sql, params), { longRunning: true });
    },
    exec: (sql) => db.transaction((tx) => tx.exec(sql), { longRunning: true }),
    transaction: (fn, options) => db.transaction(fn, { ...options, longRunning: true }),
    listen: (channel, onPayload, onResume) => db.listen(channel, onPayload, onResume),
    ...(db.ping ? { ping: (timeoutMs: number) => db.ping?.(timeoutMs) ?? Promise.resolve(false) } : {}),
    close: () => db.close(),
  };
}

/** Unquoted, as PGlite sends it. */
export function isChannelName(channel: string): boolean {
  return /^[a-z_][a-z0-9_]{0,62}$/.test(channel);
}

export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}
