import { isConnectionError as lostConnection } from '@pasarela/pglite-statements';
import { ApiError } from '../errors/ApiError';

export const DATABASE_RETRY_AFTER_S = 2;

export class DatabaseUnavailableError extends ApiError {
  constructor(readonly lostWith: unknown) {
    super(503, 'service_unavailable', undefined, { 'retry-after': String(DATABASE_RETRY_AFTER_S) });
  }
}

/** Lost or never made, not a bad query (@pasarela/pglite-statements' rule, the card vault's too), or already said so. */
export function isConnectionError(error: unknown): boolean {
  return error instanceof DatabaseUnavailableError || lostConnection(error);
}

export function asUnavailable(error: unknown): unknown {
  return isConnectionError(error) && !(error instanceof DatabaseUnavailableError) ? new DatabaseUnavailableError(error) : error;
}
