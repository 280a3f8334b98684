import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { Queryable } from '../db/Database';
import type { Deps } from '../Deps';

interface RequestTiming {
  dbMs: number;
  statements: number;
  transactions: number;
  gatewayMs: number;
  gatewayCalls: number;
}

const currentRequest = new AsyncLocalStorage<RequestTiming>();

async function timed<T>(work: () => Promise<T>, add: (timing: RequestTiming, ms: number) => void): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    const timing = currentRequest.getStore();
    if (timing) add(timing, performance.now() - start);
  }
}

const countStatement = () => {
  const timing = currentRequest.getStore();
  if (timing) timing.statements++;
};
const addDb = (timing: RequestTiming, ms: number) => (timing.dbMs += ms);

/** Other methods still run on target (bound, read when called). */
function withMethods<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, key) {
      if (key in overrides) return overrides[key as keyof T];
      const value: unknown = Reflect.get(object, key);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/** Outside a request (timers, scripts) nothing is counted. */
export function timedDeps(deps: Deps): Deps {
  const real = deps.db;
  const counted = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      countStatement();
      return q.query(sql, params);
    },
  });
  const transaction = () => {
    const timing = currentRequest.getStore();
    if (timing) timing.transactions++;
  };
  const db = withMethods<Deps['db']>(real, {
    query: <Row>(sql: string, params?: readonly unknown[]) => {
      countStatement();
      return timed(() => real.query<Row>(sql, params), addDb);
    },
    transaction: <T>(fn: Parameters<Deps['db']['transaction']>[0], options?: Parameters<Deps['db']['transaction']>[1]) => {
      transaction();
      return timed(() => real.transaction((tx) => fn({ ...counted(tx), exec: (sql) => tx.exec(sql) }) as Promise<T>, options), addDb);
    },
    oneStatementLocked: <T>(key: string, fn: (q: Queryable) => Promise<T>) => {
      transaction();
      return timed(() => real.oneStatementLocked(key, (q) => fn(counted(q))), addDb);
    },
  });
  const card = deps.gateways.card;
  const timedCard = withMethods(card, {
    authorize: (...args: Parameters<typeof card.authorize>) => {
      const timing = currentRequest.getStore();
      if (timing) timing.gatewayCalls++;
      return timed(() => card.authorize(...args), (t, ms) => (t.gatewayMs += ms));
    },
  });
  return { ...deps, db, gateways: { ...deps.gateways, card: timedCard } };
}

/** Every answer, refusals too, says where its server time went (database, card processor, total); browsers show it in developer tools. */
export function serverTiming(): MiddlewareHandler {
  return async (c, next) => {
    const startedAt = performance.now();
    const timing: RequestTiming = { dbMs: 0, statements: 0, transactions: 0, gatewayMs: 0, gatewayCalls: 0 };
    await currentRequest.run(timing, next);
    const ms = (n: number) => n.toFixed(1);
    const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
    const header = [
      `db;dur=${ms(timing.dbMs)};desc="${count(timing.statements, 'statement')} (${count(timing.transactions, 'transaction')})"`,
      ...(timing.gatewayCalls > 0 ? [`processor;dur=${ms(timing.gatewayMs)};desc="the card processor: ${count(timing.gatewayCalls, 'call')}"`] : []),
      `total;dur=${ms(performance.now() - startedAt)}`,
    ].join(', ');
    try {
      c.res.headers.set('server-timing', header);
    } catch {
  // Headers of an answer fetched whole cannot change: a copy can.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('server-timing', header);
    }
  };
}
