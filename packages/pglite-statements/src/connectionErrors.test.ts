import { describe, expect, it } from 'vitest';
import { isConnectionError } from './connectionErrors';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

// The rule: an error is a lost (or never made) database connection when PostgreSQL says so (SQLSTATE
// class 08, 57P01-57P03, 53300), when the socket failed, or when node-postgres says the connection
// ended; a statement's own error never is. The server's 503 and the vault's warning both stand on it.
describe('isConnectionError', () => {
  it.each([
    ['08006 connection_failure', coded('08006'), true],
    ['08P01 protocol_violation (class 08)', coded('08P01'), true],
    ['57P01 admin_shutdown (pg_terminate_backend, fast stop)', coded('57P01', 'terminating connection due to administrator command'), true],
    ['57P02 crash_shutdown', coded('57P02'), true],
    ['57P03 cannot_connect_now (starting or stopping)', coded('57P03'), true],
    ['53300 too_many_connections', coded('53300'), true],
    ['ECONNREFUSED (nothing listening)', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), true],
    ['ECONNRESET', coded('ECONNRESET'), true],
    ['EPIPE', coded('EPIPE'), true],
    ['ETIMEDOUT', coded('ETIMEDOUT'), true],
    ['EHOSTUNREACH', coded('EHOSTUNREACH'), true],
    ['ENETUNREACH', coded('ENETUNREACH'), true],
    ['ENOTFOUND (no such host)', coded('ENOTFOUND'), true],
    ['EAI_AGAIN (name lookup failed)', coded('EAI_AGAIN'), true],
    ['AggregateError of refused addresses (::1 and 127.0.0.1)', Object.assign(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], ''), { code: undefined }), true],
    ['node-postgres: Connection terminated unexpectedly', new Error('Connection terminated unexpectedly'), true],
    ['node-postgres: timeout exceeded when trying to connect', new Error('timeout exceeded when trying to connect'), true],
    ['node-postgres: Connection terminated due to connection timeout', new Error('Connection terminated due to connection timeout'), true],
    ['node-postgres: Client has encountered a connection error and is not queryable', new Error('Client has encountered a connection error and is not queryable'), true],
    ['node-postgres: Cannot use a pool after calling end on the pool', new Error('Cannot use a pool after calling end on the pool'), true],
    ['23505 unique_violation (a statement\'s own)', coded('23505', 'duplicate key value violates unique constraint'), false],
    ['42601 syntax_error', coded('42601'), false],
    ['57014 query_canceled (a statement timeout, not the connection)', coded('57014'), false],
    ['40001 serialization_failure', coded('40001'), false],
    ['an AggregateError with one error of a statement', new AggregateError([coded('ECONNREFUSED'), coded('23505')], ''), false],
    ['an empty AggregateError', new AggregateError([], ''), false],
    ['a bug: a TypeError with no code', new TypeError('Cannot read properties of undefined'), false],
    ['a plain Error with no code', new Error('something else'), false],
    ['a string', 'Connection terminated', false],
    ['null', null, false],
    ['undefined', undefined, false],
  ])('%s: %s', (_name, error, expected) => {
    expect(isConnectionError(error)).toBe(expected);
  });
});
