/** Anything that runs parameterised SQL: the database itself or one transaction on it. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** One transaction: queries, and multi-statement scripts (migrations). */
export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  /** The key (any text) of the transaction-level advisory lock held from BEGIN to COMMIT. */
  advisoryLock?: string;
}

/** The one interface the routes see, whether PGlite or PostgreSQL sits behind it. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** This node's application_name on the database; its NOTIFYs carry it as their origin. */
  readonly sessionName: string;
  /** Runs a multi-statement script. */
  exec(sql: string): Promise<void>;
  /**
   * Runs fn in one transaction; rolls back when it throws. With advisoryLock, the transaction
   * first holds pg_advisory_xact_lock(hashtext(advisoryLock)), taken in the same round trip as
   * BEGIN, so transactions of other connections (other nodes too) with the same key run one after
   * the other. PGlite has one session and runs one transaction at a time, so it needs no lock.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs fn, which sends one statement, alone among the runs holding the same advisoryLock on any
   * node. PostgreSQL runs it in a transaction that takes the lock first, in the same round trip as
   * BEGIN, so the statement's snapshot sees what the previous holder committed. PGlite's one session
   * runs each statement alone, so the statement is its own transaction: no BEGIN, lock or COMMIT.
   */
  oneStatementLocked<T>(advisoryLock: string, fn: (db: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTENs on channel (a lower-case identifier); onPayload gets each NOTIFY's payload, from this
   * node or any other on the same database. Resolves, once listening, to the function that stops.
   * onResume is called when the listening connection was lost and listens again: whatever was
   * notified meanwhile was lost, so the listener should look again at what it follows.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A channel name LISTEN takes unquoted, as PGlite sends it. */
export function isChannelName(channel: string): boolean {
  return /^[a-z_][a-z0-9_]{0,62}$/.test(channel);
}

/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}
