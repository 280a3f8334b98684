import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const routes = fileURLToPath(new URL('./routes', import.meta.url));

/** Where a route file runs SQL: a query or transaction on a database, or SQL text of its own. */
const SQL_SIGNS: ReadonlyArray<readonly [string, RegExp]> = [
  // db.query(...), tx.query<Row>(...): a request's c.req.query('x') is the query string, not SQL.
  ['runs a query', /(?<!\breq)\.query\s*[<(]/],
  ['opens a transaction', /\.(?:transaction|oneStatementLocked)\s*[<(]/],
  ['holds SQL text', /\b(?:select\s[^;'"`]*?\bfrom\s|insert\s+into\s|update\s+\w+\s+set\s|delete\s+from\s)/i],
];

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The lines of a route file that run SQL, as "file:line: sign". */
function sqlIn(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').flatMap((line, i) =>
    SQL_SIGNS.filter(([, sign]) => sign.test(line)).map(([name]) => `${path.relative(routes, file)}:${i + 1}: ${name}`));
}

// The money path's shape: a route parses and replies; its SQL lives in store/, by entity.
describe('the routes', () => {
  it('run no SQL: every query is a store function', () => {
    const files = routeFiles(routes);
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap(sqlIn)).toEqual([]);
  });
});
