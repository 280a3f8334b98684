import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './Database';
import { emptyTrace, traceStatements, type StatementTrace } from './statementTrace';
import { openTestDatabase } from '../../test/testApp';
import { WITHOUT_FLUSH } from '../store/idempotencyKeys';

// Server-Timing's counts come from here: every statement the database receives (BEGIN, COMMIT,
// ROLLBACK and an advisory lock's SELECT included) and every commit it makes, as PostgreSQL's
// pg_stat_statements and pg_stat_database (xact_commit) count them.

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  await db.exec('create table if not exists trace_rows (id int primary key)');
});
afterAll(() => db.close());

async function traced(work: () => Promise<unknown>): Promise<StatementTrace> {
  const trace = emptyTrace();
  await traceStatements(trace, work).catch(() => undefined);
  return trace;
}
const counts = ({ statements, commits, writingCommits }: StatementTrace) => ({ statements, commits, writingCommits });

describe('statements and commits, counted where they are sent', () => {
  it('a statement sent alone is one statement and one commit, writing when it changes rows', async () => {
    expect(counts(await traced(() => db.query('select 1')))).toEqual({ statements: 1, commits: 1, writingCommits: 0 });
    expect(counts(await traced(() => db.query('insert into trace_rows (id) values ($1)', [1])))).toEqual({ statements: 1, commits: 1, writingCommits: 1 });
  });
  it('a statement sent alone that sets its synchronous_commit off writes without waiting for the WAL flush: counted apart', async () => {
    const trace = await traced(() => db.query(`${WITHOUT_FLUSH} insert into trace_rows (id) select $1::int from without_flush`, [4]));
    expect({ ...counts(trace), unflushedCommits: trace.unflushedCommits }).toEqual({ statements: 1, commits: 1, writingCommits: 0, unflushedCommits: 1 });
  });
  it('a failed statement is sent but commits nothing', async () => {
    expect(counts(await traced(() => db.query('insert into trace_rows (id) values ($1)', [1])))).toEqual({ statements: 1, commits: 0, writingCommits: 0 });
  });
  it('a transaction: BEGIN, each statement, COMMIT; one commit', async () => {
    const trace = await traced(() => db.transaction(async (tx) => {
      await tx.query('select id from trace_rows where id = $1', [1]);
      await tx.query('insert into trace_rows (id) values ($1)', [2]);
    }));
    expect(counts(trace)).toEqual({ statements: 4, commits: 1, writingCommits: 1 });
    expect(counts(await traced(() => db.transaction((tx) => tx.query('select 1'))))).toEqual({ statements: 3, commits: 1, writingCommits: 0 });
  });
  it('under an advisory lock, on PostgreSQL its SELECT goes with BEGIN (PGlite takes none)', async () => {
    const trace = await traced(() => db.transaction((tx) => tx.query('insert into trace_rows (id) values ($1)', [3]), { advisoryLock: 'trace' }));
    expect(counts(trace)).toEqual({ statements: db.kind === 'postgres' ? 4 : 3, commits: 1, writingCommits: 1 });
  });
  it('a transaction rolled back: BEGIN, the statement that failed, ROLLBACK; no commit', async () => {
    const trace = await traced(() => db.transaction((tx) => tx.query('insert into trace_rows (id) values ($1)', [1])));
    expect(counts(trace)).toEqual({ statements: 3, commits: 0, writingCommits: 0 });
  });
  it('the wait for the database is apart from the statements\' time; outside a trace nothing is counted', async () => {
    const first = emptyTrace();
    const second = emptyTrace();
    await Promise.all([
      traceStatements(first, () => db.transaction(async (tx) => {
        await tx.query('select pg_sleep(0.05)');
      })),
      traceStatements(second, () => db.query('select 1')),
    ]);
    expect(first.statementMs).toBeGreaterThanOrEqual(40);
    // PGlite's one session: the second waits for the first's turn.
    if (db.kind === 'pglite') expect(second.queueMs).toBeGreaterThanOrEqual(30);
    expect(second.statementMs).toBeLessThan(first.statementMs);
    await db.query('select 1');
  });
});
