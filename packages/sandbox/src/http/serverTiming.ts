import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { emptyTrace, traceStatements } from '../db/statementTrace';
import type { CaptchaVerifier, Gateways } from '@pasarela/gateways';
import type { Deps } from '../Deps';

interface CallTiming {
  ms: number;
  calls: number;
}

/** The calls a request waits on outside the node: the processors' (every gateway port's), the card vault's and a provider's captcha service's. */
interface RequestTiming {
  processor: CallTiming & { ports: Set<keyof Gateways> };
  vault: CallTiming;
  captcha: CallTiming;
}

/** How Server-Timing names each port a request called. */
const PORT_NAMES: Record<keyof Gateways, string> = {
  card: 'the card processor', push: 'the push wallet', voucher: 'the cash voucher network', crypto: 'the crypto processor', bank: 'the bank redirect', payout: 'the payout rail',
};

const currentRequest = new AsyncLocalStorage<RequestTiming>();

/** `call` timed into the current request's `part`; outside a request, called as is. */
async function timed<T>(part: keyof RequestTiming, call: () => Promise<T>): Promise<T> {
  const timing = currentRequest.getStore()?.[part];
  if (!timing) return call();
  timing.calls++;
  const start = performance.now();
  try {
    return await call();
  } finally {
    timing.ms += performance.now() - start;
  }
}

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

/**
 * Every call of a gateway port that answers later (an authorization, a refund, a capture, a push, a
 * payout...) timed into the request's processor part; what a port answers at once (a declared
 * tokenizer, a notification's check) is neither counted nor changed.
 */
function timedPort<T extends object>(port: T, name: keyof Gateways): T {
  return new Proxy(port, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const timing = currentRequest.getStore()?.processor;
        const start = performance.now();
        const result: unknown = Reflect.apply(value, object, args);
        if (!timing || !(result instanceof Promise)) return result;
        timing.calls++;
        timing.ports.add(name);
        return result.finally(() => {
          timing.ms += performance.now() - start;
        });
      };
    },
  });
}

/**
 * Every gateway port's calls and the card vault's look-ups timed; the database counts its own
 * statements where it sends them (db/statementTrace.ts). Outside a request (timers, scripts) nothing is
 * counted. The vault's CVC drop is not awaited by the request, so it is not its time.
 */
export function timedDeps(deps: Deps): Deps {
  const gateways = Object.fromEntries(Object.entries(deps.gateways).map(([name, port]) => [name, timedPort(port as object, name as keyof Gateways)])) as unknown as Gateways;
  const vault = deps.cardVault;
  const timedVault = withMethods(vault, {
    card: (token: string) => timed('vault', () => vault.card(token)),
  });
  return { ...deps, cardVault: timedVault, gateways };
}

/** A provider's captcha service (GATEWAYS_MODULE's captcha): its siteverify call timed into the request's captcha part. */
export function timedCaptcha(captcha: CaptchaVerifier): CaptchaVerifier {
  return withMethods(captcha, { verify: (request: Parameters<CaptchaVerifier['verify']>[0]) => timed('captcha', () => captcha.verify(request)) });
}

const ms = (n: number) => n.toFixed(1);
const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * Every answer, refusals too, says where its server time went; browsers show it in developer tools.
 * The parts add up to the whole when nothing ran side by side: `queue` (waiting for a database
 * connection, or PGlite's turn), `db` (statements sent to their answers, counted as PostgreSQL
 * receives them, BEGIN and COMMIT included), `processor` (the calls to the processors: the card
 * processor's authorization or refund, a wallet's push, a payout...), `vault` (the
 * card vault's look-up of a typed card's token), `captcha` (a provider's captcha service, when it is
 * asked), `node` (the rest: the node's own work and its event
 * loop), `total`.
 */
export function serverTiming(): MiddlewareHandler {
  return async (c, next) => {
    const startedAt = performance.now();
    const timing: RequestTiming = { processor: { ms: 0, calls: 0, ports: new Set() }, vault: { ms: 0, calls: 0 }, captcha: { ms: 0, calls: 0 } };
    const { processor, vault, captcha } = timing;
    const db = emptyTrace();
    await traceStatements(db, () => currentRequest.run(timing, next));
    const total = performance.now() - startedAt;
    const header = [
      `queue;dur=${ms(db.queueMs)};desc="waiting for the database"`,
      `db;dur=${ms(db.statementMs)};desc="${count(db.statements, 'statement')} and ${count(db.commits, 'commit')} (${db.writingCommits} writing${db.unflushedCommits > 0 ? ` and ${db.unflushedCommits} more writing without waiting for the WAL flush` : ''})"`,
      ...(processor.calls > 0 ? [`processor;dur=${ms(processor.ms)};desc="${[...processor.ports].map((port) => PORT_NAMES[port]).join(' and ')}: ${count(processor.calls, 'call')}"`] : []),
      ...(vault.calls > 0 ? [`vault;dur=${ms(vault.ms)};desc="the card vault: ${count(vault.calls, 'call')}"`] : []),
      ...(captcha.calls > 0 ? [`captcha;dur=${ms(captcha.ms)};desc="the captcha service: ${count(captcha.calls, 'call')}"`] : []),
      `node;dur=${ms(Math.max(0, total - db.queueMs - db.statementMs - processor.ms - vault.ms - captcha.ms))};desc="the node's own work"`,
      `total;dur=${ms(total)}`,
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
