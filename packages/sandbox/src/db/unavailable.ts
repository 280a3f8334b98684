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
