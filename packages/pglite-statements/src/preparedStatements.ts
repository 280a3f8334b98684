import { parse, protocol, type PGlite } from '@electric-sql/pglite';

// The server (packages/sandbox) and the card vault run on PGlite by default. PGlite's query() parses,
// analyses and plans its SQL text on every call (an unnamed statement); for a payment's few long
// statements that is most of their cost (docs/performance.md, "How a card payment
// came to its cost"). Here each SQL text is prepared once per session as a named
// statement, through PGlite's own protocol API, and then run with bind, execute and sync in one
// call into the database; PostgreSQL keeps its plan (a generic one after five runs, where that
// costs no more). The answer is read by PGlite's own parser.

/** SQL texts kept prepared per session; texts beyond it run as an unnamed statement, as PGlite's query() runs them. */
const MAX_PREPARED = 200;

/** SQLSTATE 0A000, "cached plan must not change result type": a migration changed a table under a statement. */
const FEATURE_NOT_SUPPORTED = '0A000';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's row description, from its preparation (none for a statement without rows). */
  description: BackendMessage | undefined;
}

const { serialize } = protocol;

function oneMessage(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Statement names unique in the process, so any number of sessions may prepare on one PGlite. */
let statementCounter = 0;

/**
 * query(sql, params) through named prepared statements on one PGlite session. The caller runs one
 * statement or transaction at a time on the session (preparedSession.ts takes the turns), and says
 * whether the statement is inside a transaction, whose COMMIT brings the files up to date.
 */
export function preparedStatements(pg: PGlite, maxPrepared: number = MAX_PREPARED) {
  const prepared = new Map<string, Prepared>();

  /** name '': the unnamed statement, which lasts until the next parse (the caller holds the session). */
  async function prepare(sql: string, name: string): Promise<Prepared> {
    const { messages } = await pg.execProtocol(
      oneMessage([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    return { name, paramTypes: parse.parseDescribeStatementResults(messages), description: messages.find((m) => m.name === 'rowDescription') };
  }

  async function run<Row>(statement: Prepared, params: readonly unknown[], syncToFs: boolean): Promise<Row[]> {
    const values = params.map((param, i): string | null => {
      if (param === null || param === undefined) return null;
      const type = statement.paramTypes[i];
      const serializer = type === undefined ? undefined : pg.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await pg.execProtocol(
      oneMessage([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs },
    );
    // The columns come from the preparation: each run skips describing them again.
    const [result] = parse.parseResults(statement.description ? [statement.description, ...messages] : messages, pg.parsers);
    return (result?.rows ?? []) as Row[];
  }

  async function forget(sql: string): Promise<void> {
    const stale = prepared.get(sql);
    prepared.delete(sql);
    if (stale) await pg.execProtocol(oneMessage([serialize.close({ type: 'S', name: stale.name }), serialize.sync()]), { syncToFs: false });
  }

  /** One statement; inTransaction: the transaction's COMMIT, not this statement, brings the files up to date. */
  return async function query<Row>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<Row[]> {
    return pg.runExclusive(async () => {
      let statement = prepared.get(sql);
      if (!statement) {
        if (prepared.size >= maxPrepared) return run<Row>(await prepare(sql, ''), params, !inTransaction);
        statement = await prepare(sql, `pasarela_${++statementCounter}`);
        prepared.set(sql, statement);
      }
      try {
        return await run<Row>(statement, params, !inTransaction);
      } catch (error) {
        if ((error as { code?: unknown }).code !== FEATURE_NOT_SUPPORTED) throw error;
        // The statement's tables changed (a migration): prepared again, once; in a transaction, which
        // the error ended, for the next time.
        await forget(sql);
        if (inTransaction) throw error;
        const again = await prepare(sql, `pasarela_${++statementCounter}`);
        prepared.set(sql, again);
        return run<Row>(again, params, !inTransaction);
      }
    });
  };
}
