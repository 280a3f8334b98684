import { AsyncLocalStorage } from 'node:async_hooks';

/** What one request cost the database, counted where statements are sent, as PostgreSQL receives them. */
export interface StatementTrace {
  /** Top-level statements, BEGIN, COMMIT, ROLLBACK and an advisory lock's SELECT included. */
  statements: number;
  /** Transactions committed, a statement sent alone being its own (pg_stat_database's xact_commit). */
  commits: number;
  /** The commits that wrote, each waiting for its WAL flush (fsync) on PostgreSQL. */
  writingCommits: number;
  /** Commits that wrote without waiting for the WAL flush (a statement's own `synchronous_commit = off`): not in writingCommits. */
  unflushedCommits: number;
  /** Waiting for a pooled connection (PostgreSQL) or for PGlite's one session: the node's own queue. */
  queueMs: number;
  /** From each statement sent to its answer. */
  statementMs: number;
}

const current = new AsyncLocalStorage<StatementTrace>();

export const emptyTrace = (): StatementTrace => ({ statements: 0, commits: 0, writingCommits: 0, unflushedCommits: 0, queueMs: 0, statementMs: 0 });

/** Outside it (timers, scripts) nothing is counted. */
export function traceStatements<T>(trace: StatementTrace, work: () => Promise<T>): Promise<T> {
  return current.run(trace, work);
}

/** The request's trace when called inside one. */
export const activeTrace = (): StatementTrace | undefined => current.getStore();

// What changes rows or locks them: such a commit writes WAL. Triggers fire only on these.
const WRITES = /\b(insert|update|delete|merge|pg_notify|nextval|setval)\b|\bfor\s+(no\s+key\s+)?(update|share)\b/i;
export const writes = (sql: string): boolean => WRITES.test(sql);
/**
 * What a statement sent alone says to commit without waiting for the WAL flush: its own transaction's
 * synchronous_commit off (store/idempotencyKeys.ts, changes/announcements.ts).
 */
export const SKIP_FLUSH_SQL = "set_config('synchronous_commit', 'off', true)";
/** Sent alone, it commits without waiting for the WAL flush. */
export const skipsFlush = (sql: string): boolean => sql.includes(SKIP_FLUSH_SQL);

export async function timeInto<T>(trace: StatementTrace | undefined, part: 'queueMs' | 'statementMs', work: () => Promise<T>): Promise<T> {
  if (!trace) return work();
  const start = performance.now();
  try {
    return await work();
  } finally {
    trace[part] += performance.now() - start;
  }
}

/** One statement sent alone: its own transaction, committed if it did not fail. */
export async function standalone<T>(trace: StatementTrace | undefined, sql: string, work: () => Promise<T>): Promise<T> {
  if (trace) trace.statements += 1;
  const result = await timeInto(trace, 'statementMs', work);
  if (trace) {
    trace.commits += 1;
    if (writes(sql)) trace[skipsFlush(sql) ? 'unflushedCommits' : 'writingCommits'] += 1;
  }
  return result;
}

/** Work the node does for itself, not for the request that set it going (its statements are not the request's). */
export const untraced = <T>(work: () => T): T => current.exit(work);
