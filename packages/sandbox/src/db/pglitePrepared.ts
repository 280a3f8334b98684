import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { bindExecuteSync, readStatementAnswer, type Column, type Notification } from './pgliteWire';

// PGlite's query() sends six protocol messages per query, each a call into the database, and
// Postgres parses and plans the text each time. The sandbox runs the same few dozen SQL texts, so
// each is prepared once as a named statement and then run in one message: bind, execute, sync.
// What it earns is in docs/performance.md's summary.

/** Prepared statements kept per session; SQL texts beyond this run unnamed (built SQL must not grow the cache without bound). */
const MAX_PREPARED = 500;

/** SQLSTATE 0A000, "cached plan must not change result type": a table changed under a prepared statement. */
const FEATURE_NOT_SUPPORTED = '0A000';

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's columns, from its description when prepared (none for a statement without rows). */
  columns: Column[] | undefined;
}

const { serialize } = protocol;

const BEGIN = serialize.query('begin');

/** A transaction of preparedSession's: whether its BEGIN was sent yet. */
interface OpenTransaction {
  begun: boolean;
}

/** Statement names, unique in the process (and so in any session, however many callers prepare on it). */
let statementCounter = 0;

function oneMessage(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A transaction on a PGlite session (the Database interface's Transaction, declared here to keep this module apart). */
export interface PreparedTransaction {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  exec(sql: string): Promise<void>;
}

/** COMMIT of a transaction whose statement failed (and whose caller went on) rolls back instead. */
export class TransactionRolledBackError extends Error {
  constructor() {
    super('The transaction could not commit: one of its statements failed, so it was rolled back');
  }
}

/**
 * query(sql, params) for one PGlite session, through prepared statements. Each call runs alone, and
 * never inside a transaction another caller has open (PGlite's transaction lock, as its query() takes).
 */
export function preparedQueries(pg: PGlite, maxPrepared: number = MAX_PREPARED) {
  return preparedSession(pg, maxPrepared).query;
}

/**
 * A PGlite session's queries and transactions through prepared statements. A transaction holds
 * PGlite's transaction lock from BEGIN to COMMIT (as PGlite's own transaction() does), and its
 * statements, BEGIN and COMMIT included, are each one message into the database.
 */
export function preparedSession(pg: PGlite, maxPrepared: number = MAX_PREPARED) {
  const prepared = new Map<string, Prepared>();

  async function prepare(sql: string, name: string): Promise<Prepared> {
    const { messages } = await pg.execProtocol(
      oneMessage([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const description = messages.find((m): m is InstanceType<typeof protocol.messages.RowDescriptionMessage> => m.name === 'rowDescription');
    return {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      columns: description?.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    };
  }

  /** Listeners of the notifications that come back in the answers this session reads itself. */
  const listeners = new Map<string, Set<(payload: string) => void>>();
  function notify({ channel, payload }: Notification) {
    // As PGlite calls its own listeners: after the code running now.
    for (const listener of listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
  }

  /**
   * One message into the database, its answer read by this session (pgliteWire.ts), not by
   * PGlite's parser: the answer's bytes are copied out of the database's memory as they come, and
   * read once, straight into rows, after it ends. Each run leaves out the Describe (the columns
   * are the prepare's), which made PostgreSQL describe every column again on every run.
   */
  async function answerOf<Row>(message: Uint8Array, columns: Column[] | undefined, syncToFs: boolean): Promise<Row[]> {
    const chunks: Uint8Array[] = [];
    await pg.execProtocolRawStream(message, { syncToFs, onRawData: (bytes) => void chunks.push(bytes.slice()) });
    const bytes = chunks.length === 1 ? (chunks[0] as Uint8Array) : oneMessage(chunks);
    const { rows, error, notifications } = readStatementAnswer<Row>(bytes, columns, pg.parsers);
    notifications.forEach(notify);
    if (error) throw error;
    return rows;
  }

  /**
   * Runs one statement; inside a transaction the files are brought up to date at its end, not after
   * each statement, and the transaction's BEGIN goes in the same message as its first statement.
   */
  async function run<Row>(sql: string, params: readonly unknown[], syncToFs: boolean, tx?: OpenTransaction): Promise<Row[]> {
    let statement = prepared.get(sql);
    if (!statement) {
      // The unnamed statement lasts until the next parse, and none comes in between: the caller holds the lock.
      const name = prepared.size < maxPrepared ? `pasarela_${++statementCounter}` : '';
      statement = await prepare(sql, name);
      if (name !== '') prepared.set(sql, statement);
    }
    const { paramTypes, columns } = statement;
    const values = params.map((param, i): string | null => {
      if (param === null || param === undefined) return null;
      const type = paramTypes[i];
      const serializer = type === undefined ? undefined : pg.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    const begin = tx && !tx.begun ? BEGIN : undefined;
    // Sent first in the message, BEGIN runs even when the statement after it fails.
    if (tx) tx.begun = true;
    return answerOf<Row>(bindExecuteSync(statement.name, values, begin), columns, syncToFs);
  }

  async function runOrPrepareAgain<Row>(sql: string, params: readonly unknown[], syncToFs: boolean, tx?: OpenTransaction): Promise<Row[]> {
    try {
      return await run<Row>(sql, params, syncToFs, tx);
    } catch (error) {
      if ((error as { code?: unknown }).code !== FEATURE_NOT_SUPPORTED || !prepared.has(sql)) throw error;
      // The statement's tables changed (a migration): prepare it again, once.
      const stale = prepared.get(sql);
      prepared.delete(sql);
      if (stale) await pg.execProtocol(oneMessage([serialize.close({ type: 'S', name: stale.name }), serialize.sync()]), { syncToFs: false });
      return run<Row>(sql, params, syncToFs, tx);
    }
  }

  async function query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    if (pg.closed) throw new Error('PGlite is closed');
    // PGlite's own query() takes its transaction lock too: its public runExclusive() alone would
    // let this statement run inside a transaction another caller has open.
    return pg._runExclusiveTransaction(() => pg.runExclusive(() => runOrPrepareAgain<Row>(sql, params, true)));
  }

  async function transaction<T>(fn: (tx: PreparedTransaction) => Promise<T>): Promise<T> {
    if (pg.closed) throw new Error('PGlite is closed');
    return pg._runExclusiveTransaction(async () => {
      let closed = false;
      // Each statement runs alone (PGlite's query lock), and only while the transaction is open.
      const inside = <R>(work: () => Promise<R>): Promise<R> => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        return pg.runExclusive(work);
      };
      // BEGIN goes with the first statement (one call into the database fewer); a transaction
      // that sent none has nothing to commit or roll back.
      const open: OpenTransaction = { begun: false };
      try {
        const result = await fn({
          query: <Row>(sql: string, params: readonly unknown[] = []) => inside(() => runOrPrepareAgain<Row>(sql, params, false, open)),
          exec: (sql: string) =>
            inside(async () => {
              const begin = open.begun ? [] : [BEGIN];
              open.begun = true;
              // A multi-statement script (migrations): the simple protocol runs it as PGlite's exec() does.
              await pg.execProtocol(oneMessage([...begin, serialize.query(sql)]), { syncToFs: false });
            }),
        });
        closed = true;
        if (!open.begun) return result;
        const { messages } = await pg.runExclusive(() => pg.execProtocol(serialize.query('commit'), { syncToFs: true }));
        // COMMIT of a transaction a failed statement aborted rolls back and says so.
        if (messages.some((m) => m.name === 'commandComplete' && (m as { text?: string }).text === 'ROLLBACK')) throw new TransactionRolledBackError();
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          if (open.begun) await pg.runExclusive(() => pg.execProtocol(serialize.query('rollback'), { syncToFs: true }));
        }
        throw error;
      }
    });
  }

  /**
   * LISTENs on channel: onPayload gets each NOTIFY's payload, whichever parser read the answer that
   * carried it (PGlite's, for its own calls, or this session's). Resolves to the function that stops.
   */
  async function listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const stopTheirs = await pg.listen(channel, onPayload);
    const ours = listeners.get(channel) ?? new Set();
    ours.add(onPayload);
    listeners.set(channel, ours);
    return async () => {
      ours.delete(onPayload);
      if (ours.size === 0 && listeners.get(channel) === ours) listeners.delete(channel);
      if (!pg.closed) await stopTheirs();
    };
  }

  return { query, transaction, listen };
}
