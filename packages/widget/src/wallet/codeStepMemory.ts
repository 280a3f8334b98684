import * as v from 'valibot';

/**
 * A password recovery or a sign-up waiting at its code step, kept in the tab so that a reload (or the
 * frame opened again) goes on at that step instead of asking for another code, which the mail limit
 * would count. The code and the password are never kept: only what was typed on step 1 to say where
 * the code went, and the server's handle of the waiting step (a random value that proves nothing
 * without the code).
 */
export interface RecoveryAtCode {
  loginOrEmail: string;
  idUsr: number;
  sentAtMs: number;
}

export interface SignupAtCode {
  email: string;
  registrationId: string;
  sentAtMs: number;
}

/** As long as the mailed code lives (docs/wallet.md "Security"): past it, step 1 again. */
export const RECOVERY_CODE_LIFETIME_MS = 10 * 60 * 1000;

// As services/tabMemory.ts's: a frame denied storage keeps nothing and nothing throws; a tampered value is none.
function codeStepMemory<T extends { sentAtMs: number }>(key: string, schema: v.GenericSchema<unknown, T>) {
  const forget = (tab: Storage | null): void => {
    try {
      tab?.removeItem(key);
    } catch { /* nothing was kept */ }
  };
  const read = (tab: Storage | null): T | null => {
    try {
      const found = v.safeParse(schema, JSON.parse(tab?.getItem(key) ?? 'null'));
      return found.success ? found.output : null;
    } catch {
      return null;
    }
  };
  return {
    kept(tab: Storage | null, nowMs: number): T | null {
      const found = read(tab);
      if (found && nowMs - found.sentAtMs >= 0 && nowMs - found.sentAtMs < RECOVERY_CODE_LIFETIME_MS) return found;
      forget(tab);
      return null;
    },
    keep(tab: Storage | null, value: T): void {
      try {
        tab?.setItem(key, JSON.stringify(value));
      } catch { /* not kept: a reload asks for step 1 again */ }
    },
    forget,
  };
}

const recovery = codeStepMemory<RecoveryAtCode>('pasarela.recovery', v.object({
  loginOrEmail: v.pipe(v.string(), v.minLength(1)),
  idUsr: v.pipe(v.number(), v.integer(), v.minValue(1)),
  sentAtMs: v.number(),
}));

export const keptRecovery = recovery.kept;
export const keepRecovery = recovery.keep;
export const forgetRecovery = recovery.forget;

/** A sign-up's: the address the code went to and the registration's handle (docs/api.md "POST register"). */
export const signupMemory = codeStepMemory<SignupAtCode>('pasarela.signup', v.object({
  email: v.pipe(v.string(), v.minLength(1)),
  registrationId: v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/)),
  sentAtMs: v.number(),
}));
