import * as v from 'valibot';

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

const KEY = 'pasarela.recovery';
const Kept = v.object({
  loginOrEmail: v.pipe(v.string(), v.minLength(1)),
  idUsr: v.pipe(v.number(), v.integer(), v.minValue(1)),
  sentAtMs: v.number(),
});

// As services/tabMemory.ts's: a frame denied storage keeps nothing and nothing throws; a tampered value is none.
const memory = {
  get(tab: Storage | null): RecoveryAtCode | null {
    try {
      const read = v.safeParse(Kept, JSON.parse(tab?.getItem(KEY) ?? 'null'));
      return read.success ? read.output : null;
    } catch {
      return null;
    }
  },
  set(tab: Storage | null, value: RecoveryAtCode): void {
    try {
      tab?.setItem(KEY, JSON.stringify(value));
    } catch { /* not kept: a reload asks for step 1 again */ }
  },
  forget(tab: Storage | null): void {
    try {
      tab?.removeItem(KEY);
    } catch { /* nothing was kept */ }
  },
};

export function keptRecovery(tab: Storage | null, nowMs: number): RecoveryAtCode | null {
  const found = memory.get(tab);
  if (found && nowMs - found.sentAtMs >= 0 && nowMs - found.sentAtMs < RECOVERY_CODE_LIFETIME_MS) return found;
  memory.forget(tab);
  return null;
}

export const keepRecovery = (tab: Storage | null, recovery: RecoveryAtCode): void => memory.set(tab, recovery);
export const forgetRecovery = (tab: Storage | null): void => memory.forget(tab);
