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
  close(): Promise<void>;
}

/** Unquoted, as PGlite sends it. */
export function isChannelName(channel: string): boolean {
  return /^[a-z_][a-z0-9_]{0,62}$/.test(channel);
}

export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}
