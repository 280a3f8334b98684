import { GatewayOutcomeUnknown, isGatewayCallNotSent, isGatewayOutcomeUnknown, type Gateways } from '@pasarela/gateways';

/** An adapter's own failure (a socket reset, a bug), never taken for the database's; its cause is the original. */
export class GatewayFailure extends Error {
  override readonly name = 'GatewayFailure';
}

/**
 * How long past its deadline a call is given before it is abandoned: an adapter that keeps its deadline
 * ends the call then with its own unknown outcome, which says what went wrong last (the processor's 503,
 * an empty card vault pool), and that is the one the request's log line carries.
 */
const DEADLINE_GRACE_MS = 500;

function guard<T>(what: string, call: () => Promise<T>, deadline: unknown): Promise<T> {
  const running = Promise.resolve().then(call).catch((error: unknown) => {
    // Both say what became of the call: unknown, or never sent (the caller forgets the attempt).
    if (isGatewayOutcomeUnknown(error) || isGatewayCallNotSent(error)) throw error;
    throw new GatewayFailure(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  });
  if (!(deadline instanceof Date)) return running;
  // Abandoned at its deadline, it may still fail later with nobody waiting.
  running.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GatewayOutcomeUnknown(`${what}: no answer by its deadline`)), Math.max(0, deadline.getTime() + DEADLINE_GRACE_MS - Date.now()));
  });
  return Promise.race([running, expired]).finally(() => clearTimeout(timer));
}

function guardedPort<P extends object>(port: string, adapter: P): P {
  return new Proxy(adapter, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (request?: { deadline?: unknown }) => guard(`${port}.${String(name)}`, () => (value as (r: unknown) => Promise<unknown>).call(target, request), request?.deadline);
    },
  });
}

/** A call still running just past its deadline is abandoned as an unknown outcome; anything else thrown but GatewayCallNotSent is a GatewayFailure. */
export function guardedGateways(gateways: Gateways): Gateways {
  return {
    card: guardedPort('card', gateways.card),
    push: guardedPort('push', gateways.push),
    voucher: guardedPort('voucher', gateways.voucher),
    crypto: guardedPort('crypto', gateways.crypto),
    bank: guardedPort('bank', gateways.bank),
    payout: guardedPort('payout', gateways.payout),
  };
}
