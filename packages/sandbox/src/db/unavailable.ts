import { ApiError } from '../errors/ApiError';

/** Seconds a client is told to wait (Retry-After) while the database is away. */
export const DATABASE_RETRY_AFTER_S = 2;

/**
 * SQLSTATEs of a connection PostgreSQL ended or refused: class 08 (connection exception), 57P01
 * (terminated by an administrator: pg_terminate_backend, `pg_ctl stop -m fast`), 57P02 (crash
 * shutdown), 57P03 (starting up or shutting down), 53300 (too many connections).
 */
const CONNECTION_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres' own messages for a connection that is gone or never came. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** The answer every request gets while the database is away: 503, the catalogue's code, Retry-After. */
export class DatabaseUnavailableError extends ApiError {
  constructor(readonly lostWith: unknown) {
    super(503, 'service_unavailable', undefined, { 'retry-after': String(DATABASE_RETRY_AFTER_S) });
  }
}

/** True when error says the database connection was lost or could not be made (not a bad query). */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_STATES.has(code) || SOCKET_CODES.has(code))) return true;
  // An AggregateError (a host with several addresses, all refused) carries the socket errors inside.
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.length > 0 && inner.every(isConnectionError)) return true;
  return typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m));
}

/** error itself, or the 503 it stands for when it is a lost database connection. */
export function asUnavailable(error: unknown): unknown {
  return isConnectionError(error) && !(error instanceof DatabaseUnavailableError) ? new DatabaseUnavailableError(error) : error;
}
