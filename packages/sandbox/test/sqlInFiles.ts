import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A sign that a file runs SQL itself, by name. */
export type SqlSign = readonly [name: string, sign: RegExp];

/** A query on a database or transaction: db.query(...), tx.query<Row>(...); a request's c.req.query('x') is the query string, not SQL. */
export const RUNS_A_QUERY: SqlSign = ['runs a query', /(?<!\breq)\.query\s*[<(]/];
/** A transaction of its own on the database. */
export const OPENS_A_TRANSACTION: SqlSign = ['opens a transaction', /\.transaction\s*[<(]/];
/** SQL text: a select ... from, an insert into, an update ... set, a delete from. */
export const HOLDS_SQL_TEXT: SqlSign = ['holds SQL text', /\b(?:select\s[^;'"`]*?\bfrom\s|insert\s+into\s|update\s+\w+\s+set\s|delete\s+from\s)/i];

/** The TypeScript files under dir, tests left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The lines of a file that show one of the signs, as "file:line: sign" (file relative to root). */
export function sqlIn(file: string, signs: readonly SqlSign[], root: string): string[] {
  return readFileSync(file, 'utf8').split('\n').flatMap((line, i) =>
    signs.filter(([, sign]) => sign.test(line)).map(([name]) => `${path.relative(root, file)}:${i + 1}: ${name}`));
}
