import { PasarelaError } from '@pasarela/core';
import type { AttemptRecord } from '../api/lookupAttempt';

export const FAULTS = ['ok', 'dropBefore', 'dropAfter', 'timeoutAfter', 'proxy502After', 'gateway503Before'] as const;
export type Fault = (typeof FAULTS)[number];

const lostBefore = (fault: Fault) => fault === 'dropBefore' || fault === 'gateway503Before';

function faultError(fault: Fault): PasarelaError {
  if (fault === 'dropBefore' || fault === 'dropAfter') return new PasarelaError({ code: 'connection_error', category: 'network' });
  if (fault === 'timeoutAfter') return new PasarelaError({ code: 'timeout', category: 'network' });
  return new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: fault === 'proxy502After' ? 502 : 503 });
}

export function faultyServer(faults: readonly Fault[] = [], result: AttemptRecord['result'] = 'PENDING') {
  const queue = [...faults];
  const records = new Map<string, { record: AttemptRecord; payload: string }>();
  const arrived: string[] = [];
  let opers = 0;
  const next = (): Fault => queue.shift() ?? 'ok';

  return {
    records,
    arrived,
    fail: (...more: Fault[]) => queue.push(...more),
    async send(trackId: string, payload: unknown = null): Promise<AttemptRecord> {
      const fault = next();
      if (lostBefore(fault)) throw faultError(fault);
      arrived.push(trackId);
      const body = JSON.stringify(payload);
      let kept = records.get(trackId);
      if (kept && kept.payload !== body) throw new PasarelaError({ code: 'track_id_reused', category: 'api', status: 409 });
      if (!kept) {
        kept = { payload: body, record: { trackId, codOper: `OP${++opers}`, method: 'nequi', status: -1, result, authStatus: '', messageSys: '', redirectUrl: null, expiresAt: null } };
        records.set(trackId, kept);
      }
      if (fault !== 'ok') throw faultError(fault);
      return kept.record;
    },
    async lookup(trackId: string): Promise<AttemptRecord | null> {
      const fault = next();
      if (fault !== 'ok') throw faultError(fault);
      return records.get(trackId)?.record ?? null;
    },
    async check(codOper: string): Promise<AttemptRecord> {
      const fault = next();
      if (fault !== 'ok') throw faultError(fault);
      const found = [...records.values()].find((r) => r.record.codOper === codOper);
      if (!found) throw new PasarelaError({ code: 'PAYMENT_NOT_FOUND', category: 'api', status: 404 });
      return found.record;
    },
    recorded: () => [...records.keys()],
  };
}
