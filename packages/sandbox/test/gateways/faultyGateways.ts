import { GatewayOutcomeUnknown, type Gateways } from '@pasarela/gateways';

/** `timeout`: never reached; `lost_answer`: reached, answer lost; `error_before`/`error_after`: a 5xx; `database_lost` before the answer is recorded. */
export type GatewayFault = 'timeout' | 'lost_answer' | 'error_before' | 'error_after' | 'database_lost';

/** Each call takes the next fault planned for its port; `calls` counts what reached the adapter underneath. */
export function faultyGateways(inner: Gateways, options: { loseDatabase?: () => void } = {}) {
  const planned: Array<{ port: keyof Gateways; fault: GatewayFault; call?: string }> = [];
  const calls: Record<keyof Gateways, number> = { card: 0, push: 0, voucher: 0, crypto: 0, bank: 0, payout: 0 };

  function wrap<P extends object>(port: keyof Gateways, target: P): P {
    return new Proxy(target, {
      get(obj, name, receiver) {
        const value = Reflect.get(obj, name, receiver) as unknown;
        if (typeof value !== 'function') return value;
        // Reads that act on no attempt: no payment's fault meets them.
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
    plan(port: keyof Gateways, fault: GatewayFault, call?: string) {
      planned.push({ port, fault, ...(call === undefined ? {} : { call }) });
    },
  };
}
