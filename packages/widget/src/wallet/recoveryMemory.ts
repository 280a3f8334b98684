import * as v from 'valibot';
import { kept } from '../services/tabMemory';

/**
 * A password recovery waiting at its code step, kept in the tab so that a reload (or the frame opened
 * again) goes on at that step instead of asking for another code, which the mail limit would count.
 * The code and the new password are never kept: only what was typed on step 1 and the recovery's
 * handle (idUsr, a random number that proves nothing without the code).
 */
export interface RecoveryAtCode {
  loginOrEmail: string;
  idUsr: number;
  sentAtMs: number;
}

/** As long as the mailed code lives (docs/wallet.md "Security"): past it, step 1 again. */
export const RECOVERY_CODE_LIFETIME_MS = 10 * 60 * 1000;

const memory = kept<RecoveryAtCode>(
  'pasarela.recovery',
  v.pipe(v.string(), v.parseJson(), v.object({
    loginOrEmail: v.pipe(v.string(), v.minLength(1)),
    idUsr: v.pipe(v.number(), v.integer(), v.minValue(1)),
    sentAtMs: v.number(),
  })),
  JSON.stringify,
);

export function keptRecovery(tab: Storage | null, nowMs: number): RecoveryAtCode | null {
  const found = memory.get(tab);
  if (found && nowMs - found.sentAtMs >= 0 && nowMs - found.sentAtMs < RECOVERY_CODE_LIFETIME_MS) return found;
  memory.forget(tab);
  return null;
}

export const keepRecovery = (tab: Storage | null, recovery: RecoveryAtCode): void => memory.set(tab, recovery);
export const forgetRecovery = (tab: Storage | null): void => memory.forget(tab);
