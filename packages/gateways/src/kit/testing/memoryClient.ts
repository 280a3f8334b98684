import { GatewayCallNotSent, GatewayOutcomeUnknown } from '../../GatewayCall';

/**
 * How the memory adapters' client goes wrong: a fixed short pause between tries, or a fixed longer one;
 * a 5xx whose body is not JSON, or the key's conflict (409), taken as the final answer; any failed
 * connection said to be "not sent", even one whose request was written.
 */
export interface ClientBreakage {
  lostIsNotSent?: boolean;
  noBackoff?: boolean;
  steadyPause?: boolean;
  badGatewayIsFinal?: boolean;
  conflictIsFinal?: boolean;
}

export interface MemoryAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FIRST_PAUSE_MS = 50;
const LONGEST_PAUSE_MS = 1_000;

/**
 * Sends one call to the memory processor, tried again under its key while the answer may be lost
 * (no connection, a 5xx, a body that is not JSON), the pauses doubling, until the deadline: then
 * GatewayOutcomeUnknown. A 409 (the key used with other parameters) is unknown at once.
 */
export function memoryClient(baseUrl: string, breakage: ClientBreakage = {}) {
  return async function send(path: string, call: { deadline: Date }, write?: { key: string; body: Record<string, unknown>; newKeyEachTry?: boolean }): Promise<MemoryAnswer> {
    let lastProblem = 'no answer';
    for (let attempt = 0; ; attempt += 1) {
      const left = call.deadline.getTime() - Date.now();
      if (left <= 0) throw new GatewayOutcomeUnknown(`${path}: no answer by the deadline (${lastProblem})`);
      try {
        const res = await fetch(`${baseUrl}${path}`, {
          method: write ? 'POST' : 'GET',
          headers: write ? { 'content-type': 'application/json', 'idempotency-key': write.newKeyEachTry && attempt > 0 ? `${write.key}-${attempt}` : write.key } : {},
          ...(write ? { body: JSON.stringify(write.body) } : {}),
          signal: AbortSignal.timeout(left),
        });
        const json = (res.headers.get('content-type') ?? '').startsWith('application/json');
        if (json && res.status === 409 && !breakage.conflictIsFinal) throw new GatewayOutcomeUnknown(`${path}: the key was used with other parameters`);
        if (json && res.status < 500) return { status: res.status, body: (await res.json()) as Record<string, unknown> };
        lastProblem = `${res.status} ${json ? 'JSON' : 'not JSON'}`;
        if (breakage.badGatewayIsFinal) return { status: res.status, body: null };
      } catch (error) {
        if (error instanceof GatewayOutcomeUnknown) throw error;
        if (breakage.lostIsNotSent) throw new GatewayCallNotSent(`${path}: ${error instanceof Error ? error.message : String(error)}`);
        lastProblem = error instanceof Error ? error.message : String(error);
      }
      const wait = breakage.noBackoff ? 10 : breakage.steadyPause ? 300 : Math.min(FIRST_PAUSE_MS * 2 ** attempt, LONGEST_PAUSE_MS);
      await pause(Math.max(0, Math.min(wait, call.deadline.getTime() - Date.now())));
    }
  };
}

export type MemorySend = ReturnType<typeof memoryClient>;
