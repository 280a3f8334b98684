import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOLDS_SQL_TEXT, OPENS_A_TRANSACTION, RUNS_A_QUERY, sourceFiles, sqlIn } from '../test/sqlInFiles';

const src = fileURLToPath(new URL('.', import.meta.url));
const routes = fileURLToPath(new URL('./routes', import.meta.url));
const payments = fileURLToPath(new URL('./payments', import.meta.url));

// The money path's shape: a route parses, calls its service and replies; a service checks with
// core's rules, records, calls the gateway's port and records again; every query is a store
// function, by entity (store/).
describe('the routes', () => {
  it('run no SQL: every query is a store function, every transaction a service\'s', () => {
    const files = sourceFiles(routes);
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap((file) => sqlIn(file, [RUNS_A_QUERY, OPENS_A_TRANSACTION, HOLDS_SQL_TEXT], src))).toEqual([]);
  });
});

describe('the payment services', () => {
  // A service decides what commits together (db.transaction around store calls); the SQL inside is the store's.
  it('run no SQL: every query is a store function', () => {
    const files = sourceFiles(payments);
    expect(files.length).toBeGreaterThan(25);
    expect(files.flatMap((file) => sqlIn(file, [RUNS_A_QUERY, HOLDS_SQL_TEXT], src))).toEqual([]);
  });
});
