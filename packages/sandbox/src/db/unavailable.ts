import { ApiError } from '../errors/ApiError';

export const DATABASE_RETRY_AFTER_S = 2;

/** Class 08 too; 57P01 pg_terminate_backend or fast stop, 57P02 crash, 57P03 starting or stopping, 53300 too many connections. */
const CONNECTION_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
];

export class DatabaseUnavailableError extends ApiError {
  constructor(readonly lostWith: unknown) {
    super(503, 'service_unavailable', undefined, { 'retry-after': String(DATABASE_RETRY_AFTER_S) });
  }
}

/** Lost or never made, not a bad query. */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_STATES.has(code) || SOCKET_CODES.has(code))) return true;
  // An AggregateError (several addresses, all refused) carries the socket errors inside.
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.length > 0 && inner.every(isConnectionError)) return true;
  return typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m));
}

export function asUnavailable(error: unknown): unknown {
  return isConnectionError(error) && !(error instanceof DatabaseUnavailableError) ? new DatabaseUnavailableError(error) : error;
}
