import type { Transaction, TransactionOptions } from '../src/db/Database';
import { skipsFlush, writes } from '../src/db/statementTrace';
import type { TestApp } from './testApp';

/** The node's announcements after its commits (changes/announcements.ts), batched: not a payment's own. */
const ANNOUNCEMENT = /pg_notify\(channel \|\| coalesce\(current_schema\(\)/;

/**
 * The statements the app's database receives, in order, BEGIN and COMMIT (or ROLLBACK) of a
 * transaction included; on PostgreSQL a transaction's advisory lock goes with its BEGIN, in the same
 * round trip. `mark` adds a line of its own (a processor's call among them).
 */
export function statementLog(t: TestApp) {
  const log = { statements: [] as string[], announcements: [] as string[] };
  const query = t.db.query.bind(t.db);
  const transaction = t.db.transaction.bind(t.db);
  Object.assign(t.db, {
    query: (sql: string, params?: readonly unknown[]) => {
      (ANNOUNCEMENT.test(sql) ? log.announcements : log.statements).push(sql);
      return query(sql, params);
    },
    transaction: async <T>(fn: (tx: Transaction) => Promise<T>, options?: TransactionOptions) => {
      log.statements.push(options?.advisoryLock !== undefined && t.db.kind === 'postgres' ? 'begin; select pg_advisory_xact_lock(...)' : 'begin');
      try {
        const result = await transaction((tx) => fn({
          query: (sql, params) => {
            log.statements.push(sql);
            return tx.query(sql, params);
          },
          exec: (sql) => {
            log.statements.push(sql);
            return tx.exec(sql);
          },
        }), options);
        log.statements.push('commit');
        return result;
      } catch (error) {
        log.statements.push('rollback');
        throw error;
      }
    },
  });
  return {
    mark: (line: string) => log.statements.push(line),
    /** What `work` sent, and the announcements that followed its commits. */
    async during<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[]; announcements: string[] }> {
      log.statements = [];
      log.announcements = [];
      const result = await work();
      // The announcements go out in the turn after the commit that made them.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { result, statements: [...log.statements], announcements: [...log.announcements] };
    },
  };
}

/** Commits that write and wait for their WAL flush on PostgreSQL: a transaction's, or a statement's sent alone. */
export function writingCommits(sent: readonly string[]): number {
  let inTransaction = false;
  let wrote = false;
  let commits = 0;
  for (const sql of sent) {
    if (sql.startsWith('begin')) [inTransaction, wrote] = [true, false];
    else if (sql === 'commit') {
      if (wrote) commits += 1;
      inTransaction = false;
    } else if (sql === 'rollback') inTransaction = false;
    else if (!sql.startsWith('processor:') && writes(sql)) {
      if (inTransaction) wrote = true;
      else if (!skipsFlush(sql)) commits += 1;
    }
  }
  return commits;
}

/** Statements sent alone that write and commit without waiting for the WAL flush (an Idempotency-Key's claim and answer). */
export const unflushedCommits = (sent: readonly string[]): number => sent.filter((sql) => writes(sql) && skipsFlush(sql)).length;
