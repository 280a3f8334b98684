import type { PGlite } from '@electric-sql/pglite';
import { preparedStatements } from './preparedStatements';
import { turns } from './turns';

/** What a caller may wrap of one call on the session, to count and time it; nothing by default. */
interface InTurn {
  /** The wait for the session's turn (to time it apart from the work). */
  wait?: (turn: () => Promise<void>) => Promise<void>;
  /** The work once the turn is held: the statement sent alone, or the transaction from BEGIN to COMMIT. */
  work?: <R>(run: () => Promise<R>) => Promise<R>;
}

interface InTransaction extends InTurn {
  /** Each statement the transaction sends between its BEGIN and its COMMIT. */
  statement?: <R>(sql: string, send: () => Promise<R>) => Promise<R>;
}

interface SessionTransaction {
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  exec(sql: string): Promise<void>;
}

const held = <R>(run: () => Promise<R>): Promise<R> => run();
const sent = <R>(_sql: string, send: () => Promise<R>): Promise<R> => send();

/**
 * One PGlite session with each SQL text prepared once (preparedStatements.ts), running one statement
 * or transaction at a time, in the order asked, so that a statement never runs inside a transaction
 * another caller has open.
 */
export function preparedSession(pg: PGlite) {
  const prepared = preparedStatements(pg);
  const turn = turns();
  return {
    query<Row>(sql: string, params: readonly unknown[] = [], { wait, work = held }: InTurn = {}): Promise<Row[]> {
      return turn(() => work(() => prepared<Row>(sql, params, false)), wait);
    },
    /** Several statements in one text, unprepared (PGlite's exec). */
    async exec(sql: string, { wait, work = held }: InTurn = {}): Promise<void> {
      await turn(() => work(() => pg.exec(sql)), wait);
    },
    transaction<T>(fn: (tx: SessionTransaction) => Promise<T>, { wait, work = held, statement = sent }: InTransaction = {}): Promise<T> {
      // PGlite sends BEGIN before fn and COMMIT (or ROLLBACK, and then rejects) after it.
      return turn(() => work(() => pg.transaction((tx) => {
        let open = true;
        return fn({
          query: async <Row>(sql: string, params: readonly unknown[] = []) => {
            // As PGlite's own tx.query refuses once its transaction ended.
            if (!open) throw new Error('Transaction is closed');
            return statement(sql, () => prepared<Row>(sql, params, true));
          },
          // PGlite's tx.exec refuses by itself once its transaction ended.
          exec: async (sql: string) => {
            await statement(sql, () => tx.exec(sql));
          },
        }).finally(() => (open = false));
      })), wait);
    },
    close(): Promise<void> {
      return turn(() => pg.close());
    },
  };
}
