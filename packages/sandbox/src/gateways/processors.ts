import type { Gateways } from '@pasarela/gateways';

/** The name of the processor behind each port of this node: 'simulator', or the gateways module's. */
export type ProcessorNames = Readonly<Record<keyof Gateways, string>>;

/** What the simulator's ports are recorded as. */
export const SIMULATOR_PROCESSOR = 'simulator';

/** Whether every port of this node is the simulator's (no GATEWAYS_MODULE gives one); unnamed: the simulator's. */
export function allSimulated(processors: ProcessorNames | undefined): boolean {
  return processors === undefined || Object.values(processors).every((name) => name === SIMULATOR_PROCESSOR);
}

/** The port that charges a method; undefined for one no gateway takes part in (the wallet's balance). */
export function portOfMethod(method: string): keyof Gateways | undefined {
  switch (method) {
    case 'card': return 'card';
    case 'nequi': case 'yappy': return 'push';
    case 'cash': return 'voucher';
    case 'crypto': return 'crypto';
    case 'clave': return 'bank';
    default: return undefined;
  }
}

/** The processor an attempt of `method` goes to from this node (null: no gateway, or names not known). */
export function processorOfMethod(processors: ProcessorNames | undefined, method: string): string | null {
  const port = portOfMethod(method);
  return port && processors ? processors[port] : null;
}

/** Whether this node may ask the attempt's processor about it: one recorded without a name any node may. */
export function reachesProcessorOf(processors: ProcessorNames | undefined, attempt: { method: string; processor: string | null }): boolean {
  return attempt.processor === null || processors === undefined || processorOfMethod(processors, attempt.method) === attempt.processor;
}

/** `method processor` pairs this node reaches, as the reconciler's query matches them. */
export function reachablePairs(processors: ProcessorNames): string[] {
  return ['card', 'nequi', 'yappy', 'cash', 'crypto', 'clave'].map((method) => `${method} ${processorOfMethod(processors, method)}`);
}
