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
  /** Runs a multi-statement script. */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}
