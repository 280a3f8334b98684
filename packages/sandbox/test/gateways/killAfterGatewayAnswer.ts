import type { Gateways } from '@pasarela/gateways';

/** The ports whose payment operation the fault switch can follow with a crash, and that operation. */
const PAYMENT_OPERATION = { card: 'authorize', push: 'request' } as const;

export type KillAfterPort = keyof typeof PAYMENT_OPERATION;

/** The environment variable of the fault switch; `npm run test:faults` only (docs/operations.md). */
export const KILL_AFTER_GATEWAY_VARIABLE = 'PASARELA_FAULT_KILL_AFTER_GATEWAY';

/** The switch's port: undefined when unset or empty; any other value than a port's name stops the start. */
export function killAfterPortOf(value: string | undefined): KillAfterPort | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'card' || value === 'push') return value;
  throw new Error(`${KILL_AFTER_GATEWAY_VARIABLE} must be card or push, not ${JSON.stringify(value)}`);
}

const killThisProcess = () => {
  process.kill(process.pid, 'SIGKILL');
};

/**
 * The fault harness's crash between a gateway's answer and its record: the first call to `port`'s
 * payment operation that returns kills the process, so the gateway has acted and the payment
 * service never records what it said. The other calls and ports pass through untouched.
 */
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
