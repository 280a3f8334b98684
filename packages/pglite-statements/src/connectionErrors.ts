/**
 * Whether an error is the database's connection lost or never made, not a statement's own failure:
 * what the server (packages/sandbox/src/db/unavailable.ts: 503 with Retry-After, a paused timer) and
 * the card vault (packages/vault/src/vaultDatabase.ts: its "connection lost" warning) both decide by.
 */

/** SQLSTATE class 08 (connection exception) is taken whole; these besides it. */
const CONNECTION_STATES: ReadonlySet<string> = new Set([
  // admin_shutdown: pg_terminate_backend, or a fast stop.
  '57P01',
  // crash_shutdown.
  '57P02',
  // cannot_connect_now: the database starting or stopping.
  '57P03',
  // too_many_connections.
  '53300',
]);
/** A socket's failure: the connection refused, reset, cut, timed out, or the host not found. */
const SOCKET_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own errors, which carry no code. */
const CONNECTION_MESSAGES: readonly string[] = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** Lost or never made, not a bad query: a statement's own error (a constraint, a syntax error, a bug) is not one. */
export function isConnectionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_STATES.has(code) || SOCKET_CODES.has(code))) return true;
  // An AggregateError (several addresses, all refused) carries the socket errors inside.
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.length > 0 && inner.every(isConnectionError)) return true;
  return typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m));
}
