import type { Gateways } from '@pasarela/gateways';

const PAYMENT_OPERATION = { card: 'authorize', push: 'request' } as const;

export type KillAfterPort = keyof typeof PAYMENT_OPERATION;

/** `npm run test:faults` only (docs/operations.md). */
export const KILL_AFTER_GATEWAY_VARIABLE = 'PASARELA_FAULT_KILL_AFTER_GATEWAY';

/** Any value other than a port's name stops the start. */
export function killAfterPortOf(value: string | undefined): KillAfterPort | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'card' || value === 'push') return value;
  throw new Error(`${KILL_AFTER_GATEWAY_VARIABLE} must be card or push, not ${JSON.stringify(value)}`);
}

const killThisProcess = () => {
  process.kill(process.pid, 'SIGKILL');
};

/** The first payment call to `port` that returns kills the process: the gateway acted and nothing recorded it. */
export function killAfterGatewayAnswer(gateways: Gateways, port: KillAfterPort, kill: () => void = killThisProcess): Gateways {
  const operation = PAYMENT_OPERATION[port];
  let struck = false;
  const wrapped = new Proxy(gateways[port], {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (name !== operation || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const answer = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        if (!struck) {
          struck = true;
          kill();
        }
        return answer;
      };
    },
  });
  return { ...gateways, [port]: wrapped };
}
