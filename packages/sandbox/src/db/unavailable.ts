import { isConnectionError as lostConnection } from '@pasarela/pglite-statements';
import { ApiError } from '../errors/ApiError';

export const DATABASE_RETRY_AFTER_S = 2;

export class DatabaseUnavailableError extends ApiError {
  constructor(readonly lostWith: unknown) {
    super(503, 'service_unavailable', undefined, { 'retry-after': String(DATABASE_RETRY_AFTER_S) });
  }
}

/**
 * node-postgres's error for an answer that did not come within its query_timeout (postgresDatabase.ts):
 * a connection that says nothing past statement_timeout and its margin is taken for lost.
 */
export function isAnswerTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'Query read timeout';
}

/** Lost or never made, not a bad query (@pasarela/pglite-statements' rule, the card vault's too), or already said so. */
export function isConnectionError(error: unknown): boolean {
  return error instanceof DatabaseUnavailableError || lostConnection(error) || isAnswerTimeout(error);
}

export function asUnavailable(error: unknown): unknown {
  return isConnectionError(error) && !(error instanceof DatabaseUnavailableError) ? new DatabaseUnavailableError(error) : error;
}

/**
 * A statement PostgreSQL cancelled, its transaction rolled back: nothing of it was written, and the
 * request may be sent again once the database has room. Its SQLSTATE and what it means.
 */
const CANCELLED_STATEMENTS: Readonly<Record<string, string>> = {
  '57014': 'query_canceled: past statement_timeout (DATABASE_STATEMENT_TIMEOUT_MS), or cancelled by an operator',
  '55P03': 'lock_not_available: a lock waited for past lock_timeout',
  '40P01': 'deadlock_detected: this transaction was chosen to end a deadlock',
  '40001': 'serialization_failure: this transaction could not be serialized with another',
};

/** What a request's 503 logs of the database (its request line's cause, at warn). */
export function unavailableCause(error: DatabaseUnavailableError): string {
  const under = error.lostWith;
  const message = under instanceof Error ? under.message : String(under);
  const code = (under as { code?: unknown } | null)?.code;
  const cancelled = typeof code === 'string' ? CANCELLED_STATEMENTS[code] : undefined;
  return cancelled === undefined ? `The database is unavailable: ${message}` : `The database cancelled a statement (SQLSTATE ${code} ${cancelled}): ${message}`;
}

/** A statement cancelled (CANCELLED_STATEMENTS) answers as a lost connection does: 503 with Retry-After. */
export function asRetryable(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code in CANCELLED_STATEMENTS ? new DatabaseUnavailableError(error) : error;
}
