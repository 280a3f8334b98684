import type { Queryable } from '../db/Database';
import type { Deps } from '../Deps';

/**
 * A request's server time by part, for its Server-Timing header: the database (its statements and
 * transactions) and the card processor's call. A payer's browser shows it beside the request
 * (developer tools, Resource Timing's serverTiming), so a slow payment says where it waited.
 */
export interface ServerTiming {
  /** Deps whose database and card port count into this timing. */
  deps: Deps;
  /** The Server-Timing header's value, the whole request counted from `startedAt` (performance.now()). */
  header(startedAt: number): string;
}

export function serverTimingOf(deps: Deps): ServerTiming {
  let dbMs = 0;
  let statements = 0;
  let transactions = 0;
  let gatewayMs = 0;
  let gatewayCalls = 0;
  const timed = async <T>(work: () => Promise<T>, add: (ms: number) => void): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      add(performance.now() - start);
    }
  };
  const addDb = (ms: number) => (dbMs += ms);
  const counted = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      statements++;
      return q.query(sql, params);
    },
  });
  const real = deps.db;
  // The database's own methods, the counted ones over them (a transaction's time counts whole, BEGIN to COMMIT).
  const db: Deps['db'] = Object.assign(Object.create(real) as Deps['db'], {
    query: <Row>(sql: string, params?: readonly unknown[]) => {
      statements++;
      return timed(() => real.query<Row>(sql, params), addDb);
    },
    transaction: <T>(fn: Parameters<Deps['db']['transaction']>[0], options?: Parameters<Deps['db']['transaction']>[1]) => {
      transactions++;
      return timed(() => real.transaction((tx) => fn({ ...counted(tx), exec: (sql) => tx.exec(sql) }) as Promise<T>, options), addDb);
    },
    oneStatementLocked: <T>(key: string, fn: (q: Queryable) => Promise<T>) => {
      transactions++;
      return timed(() => real.oneStatementLocked(key, (q) => fn(counted(q))), addDb);
    },
  });
  const card = deps.gateways.card;
  const timedCard: typeof card = Object.assign(Object.create(card) as typeof card, {
    authorize: (...args: Parameters<typeof card.authorize>) => {
      gatewayCalls++;
      return timed(() => card.authorize(...args), (ms) => (gatewayMs += ms));
    },
  });
  const ms = (n: number) => n.toFixed(1);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  return {
    deps: { ...deps, db, gateways: { ...deps.gateways, card: timedCard } },
    header: (startedAt) => [
      `db;dur=${ms(dbMs)};desc="${count(statements, 'statement')} (${count(transactions, 'transaction')})"`,
      ...(gatewayCalls > 0 ? [`processor;dur=${ms(gatewayMs)};desc="the card processor: ${count(gatewayCalls, 'call')}"`] : []),
      `total;dur=${ms(performance.now() - startedAt)}`,
    ].join(', '),
  };
}
