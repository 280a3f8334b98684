import { GatewayOutcomeUnknown, type Gateways } from '@pasarela/gateways';

/**
 * What goes wrong with the next calls to a gateway: the answer never comes (`timeout`: the call
 * did not reach it; `lost_answer`: it did, and its answer was lost), the adapter fails outright
 * before or after doing the operation (`error_before`, `error_after`: a 5xx), or the gateway
 * answers and the database is gone before the answer is recorded (`database_lost`).
 */
export type GatewayFault = 'timeout' | 'lost_answer' | 'error_before' | 'error_after' | 'database_lost';

/**
 * Wraps any adapter's ports: each call takes the next planned fault (`plan`), if any, for its port,
 * and `calls` counts what reached the adapter underneath. `loseDatabase` is called when a
 * `database_lost` call has its answer. Tests only.
 */
export function faultyGateways(inner: Gateways, options: { loseDatabase?: () => void } = {}) {
  const planned: Array<{ port: keyof Gateways; fault: GatewayFault; call?: string }> = [];
  const calls: Record<keyof Gateways, number> = { card: 0, push: 0, voucher: 0, crypto: 0, bank: 0, payout: 0 };

  function wrap<P extends object>(port: keyof Gateways, target: P): P {
    return new Proxy(target, {
      get(obj, name, receiver) {
        const value = Reflect.get(obj, name, receiver) as unknown;
        if (typeof value !== 'function') return value;
        // The crypto processor's coins and prices are reads that act on no attempt: no fault planned for a payment meets them.
        if (name === 'coins' || name === 'quote') return (value as (...a: unknown[]) => unknown).bind(obj);
        return async (...args: unknown[]) => {
          const index = planned.findIndex((p) => p.port === port && (p.call === undefined || p.call === name));
          const fault = index >= 0 ? planned.splice(index, 1)[0]?.fault : undefined;
          if (fault === 'timeout') throw new GatewayOutcomeUnknown(`${port}.${String(name)}: no answer before the deadline`);
          if (fault === 'error_before') throw new Error(`${port}.${String(name)}: the adapter failed`);
          calls[port] += 1;
          const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(obj, args);
          if (fault === 'lost_answer') throw new GatewayOutcomeUnknown(`${port}.${String(name)}: the answer was lost`);
          if (fault === 'error_after') throw new Error(`${port}.${String(name)}: the adapter failed after the operation`);
          if (fault === 'database_lost') {
            if (!options.loseDatabase) throw new Error('database_lost needs faultyGateways\' loseDatabase');
            options.loseDatabase();
          }
          return result;
        };
      },
    });
  }

  const gateways: Gateways = {
    card: wrap('card', inner.card), push: wrap('push', inner.push), voucher: wrap('voucher', inner.voucher),
    crypto: wrap('crypto', inner.crypto), bank: wrap('bank', inner.bank), payout: wrap('payout', inner.payout),
  };
  return {
    gateways,
    calls,
    /** The next call to `port` (to its `call` only, when named) meets `fault`. */
    plan(port: keyof Gateways, fault: GatewayFault, call?: string) {
      planned.push({ port, fault, ...(call === undefined ? {} : { call }) });
    },
  };
}
