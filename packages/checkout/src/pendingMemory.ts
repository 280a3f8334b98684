import { isRememberedAttempt, type RememberedAttempt } from '@pasarela/core';

/**
 * The payment a payer left waiting, remembered in the merchant page's own storage (first-party: it
 * survives a checkout frame whose storage is partitioned or denied), one per payment target, and
 * handed back to the checkout when the same target is opened again (`?pending=`). Kept a day at
 * most: SPEC 9 "Pending cash transactions last 24 hours", the longest wait.
 */
const PREFIX = 'pasarela.pending.';
const KEEP_MS = 24 * 60 * 60 * 1000;

const keyOf = (type: string, code: string) => `${PREFIX}${type}.${code}`;

/** Remembers the waiting payment of `type`/`code`, or forgets it (null). */
export function rememberPending(type: string, code: string, attempt: RememberedAttempt | null): void {
  try {
    // reading localStorage throws where storage is denied: the catch covers it
    if (attempt) localStorage.setItem(keyOf(type, code), JSON.stringify({ ...attempt, at: Date.now() }));
    else localStorage.removeItem(keyOf(type, code));
  } catch {
    // Without storage a reopen finds only what the server offers.
  }
}

/** The waiting payment remembered for `type`/`code`, as the checkout's `pending` parameter; undefined when none. */
export function recallPending(type: string, code: string): string | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(keyOf(type, code)) as string) as { at?: unknown } | null;
    if (!kept || typeof kept.at !== 'number' || Date.now() - kept.at > KEEP_MS || !isRememberedAttempt(kept)) return undefined;
    // the attempt's own fields alone, in this order
    return JSON.stringify(kept, ['method', 'codOper', 'deadline']);
  } catch {
    return undefined;
  }
}
