/** Anything that runs parameterised SQL: the database itself or one transaction on it. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** One transaction: queries, and multi-statement scripts (migrations). */
export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
}

/** The one interface the routes see, whether PGlite or PostgreSQL sits behind it. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** This node's application_name on the database; its NOTIFYs carry it as their origin. */
  readonly sessionName: string;
  /** Runs a multi-statement script. */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * LISTENs on channel (a lower-case identifier); onPayload gets each NOTIFY's payload, from this
   * node or any other on the same database. Resolves, once listening, to the function that stops.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
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
