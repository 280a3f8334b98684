import type { Queryable } from '../../../sandbox/src/db/Database';

/** One operation in a simulated gateway's books: what it was asked under a key and what it decided. */
export interface BookEntry<Request, State> {
  key: string;
  port: string;
  request: Request;
  state: State;
  answerAt: Date | null;
}

interface Row {
  key: string;
  port: string;
  request: unknown;
  state: unknown;
  answer_at: Date | null;
}

const entryOf = <R, S>(row: Row): BookEntry<R, S> => ({ key: row.key, port: row.port, request: row.request as R, state: row.state as S, answerAt: row.answer_at });

/**
 * Writes what a port decided for a new key, or, when the key was seen (a retry, a resend after a
 * crash), answers what was decided then: the same key never makes a second operation.
 */
export async function recordOnce<R, S>(db: Queryable, port: string, key: string, request: R, state: S, answerAt: Date | null = null): Promise<BookEntry<R, S>> {
  const [added] = await db.query<Row>(
    'insert into gateway_simulator (key, port, request, state, answer_at) values ($1, $2, $3, $4, $5) on conflict (key) do nothing returning *',
    [key, port, JSON.stringify(request), JSON.stringify(state), answerAt],
  );
  if (added) return entryOf(added);
  // Taken by a call with the same key, committed just now: read in a statement of its own, which sees it.
  const [kept] = await db.query<Row>('select * from gateway_simulator where key = $1', [key]);
  if (!kept) throw new Error(`gateway_simulator kept nothing for ${key}`);
  return entryOf(kept);
}

export async function readEntry<R, S>(db: Queryable, port: string, key: string): Promise<BookEntry<R, S> | undefined> {
  const [row] = await db.query<Row>('select * from gateway_simulator where key = $1 and port = $2', [key, port]);
  return row && entryOf(row);
}

/**
 * Moves an operation on: `next` sees its state and returns the new one (or undefined to leave it),
 * with the row locked, so two moves at once (a kiosk paying a voucher twice) apply one after the other.
 */
export async function moveEntry<R, S>(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, port: string, key: string,
  next: (entry: BookEntry<R, S>) => S | undefined,
): Promise<{ entry: BookEntry<R, S>; moved: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<Row>('select * from gateway_simulator where key = $1 and port = $2 for update', [key, port]);
    if (!row) return undefined;
    const entry = entryOf<R, S>(row);
    const state = next(entry);
    if (state === undefined) return { entry, moved: false };
    const [updated] = await tx.query<Row>(
      'update gateway_simulator set state = $2, answer_at = null, updated_at = now() where key = $1 returning *', [key, JSON.stringify(state)]);
    return { entry: updated ? entryOf<R, S>(updated) : entry, moved: true };
  });
}

/**
 * Operations whose simulated payer answers now (`answer_at` has passed while the state still says
 * `waiting`): each takes the state its request kept as `answer`, claimed once across nodes (`skip
 * locked`) in the same statement.
 */
export async function takeDueAnswers<R, S>(db: Queryable, limit: number): Promise<Array<BookEntry<R, S>>> {
  const rows = await db.query<Row>(
    `update gateway_simulator g set state = g.request -> 'answer', answer_at = null, updated_at = now()
       from (select key from gateway_simulator where answer_at <= now() order by answer_at limit $1 for update skip locked) due
      where g.key = due.key and g.state ->> 'state' = 'waiting' returning g.*`,
    [limit],
  );
  return rows.map((r) => entryOf<R, S>(r));
}

/** The database the in-process books live in: anything that runs SQL and transactions. */
export type SqlStore = Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> };

/**
 * Where a simulated gateway keeps its books: the provider's database (`gateway_simulator`, the
 * in-process simulator) or the simulator service's own store (packages/simulator). The same four
 * operations, with the same guarantees: one operation per key, moves applied one after the other.
 */
export interface SimulatorBooks {
  recordOnce<R, S>(port: string, key: string, request: R, state: S, answerAt?: Date | null): Promise<BookEntry<R, S>>;
  read<R, S>(port: string, key: string): Promise<BookEntry<R, S> | undefined>;
  move<R, S>(port: string, key: string, next: (entry: BookEntry<R, S>) => S | undefined): Promise<{ entry: BookEntry<R, S>; moved: boolean } | undefined>;
  takeDueAnswers<R, S>(limit: number): Promise<Array<BookEntry<R, S>>>;
}

/** The books in a SQL database's `gateway_simulator` table. */
export function sqlBooks(db: SqlStore): SimulatorBooks {
  return {
    recordOnce: (port, key, request, state, answerAt = null) => recordOnce(db, port, key, request, state, answerAt),
    read: (port, key) => readEntry(db, port, key),
    move: (port, key, next) => moveEntry(db, port, key, next),
    takeDueAnswers: (limit) => takeDueAnswers(db, limit),
  };
}

/** A simulated gateway's books from what it was given: a keeper of books, or a database to keep them in. */
export const booksOf = (store: SimulatorBooks | SqlStore): SimulatorBooks => ('recordOnce' in store ? store : sqlBooks(store));
