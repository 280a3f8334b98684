import { isRememberedAttempt, isWaitingPayment, type RememberedAttempt } from '@pasarela/core';

/**
 * The payments a payer left waiting, remembered in the merchant page's own storage (first-party: it
 * survives a checkout frame whose storage is partitioned or denied), one per payment target, each
 * with its merchant and link. Handed back to the checkout: the target's own (`?pending=`) when the
 * same target is opened again, the others (`?waiting=`) so a checkout opened on another link of the
 * same merchant shows what waits before a second payment. Kept a day at most: SPEC 9 "Pending cash
 * transactions last 24 hours", the longest wait.
 */
const PREFIX = 'pasarela.pending.';
const KEEP_MS = 24 * 60 * 60 * 1000;
/** The other targets' payments handed to a checkout, newest first: a page seldom has more. */
const MAX_WAITING = 3;

const keyOf = (type: string, code: string) => `${PREFIX}${type}.${code}`;

type Kept = RememberedAttempt & { merchant?: number; link?: string; at: number };

/** The payment kept under `key`, while fresh and in a shape the checkout takes; else undefined. */
function kept(key: string): Kept | undefined {
  const value = JSON.parse(localStorage.getItem(key) as string) as Kept | null;
  return value && typeof value.at == 'number' && Date.now() - value.at <= KEEP_MS && isRememberedAttempt(value) ? value : undefined;
}

/**
 * Remembers the waiting payment of `type`/`code`, or forgets it (null). A payment of another link
 * (`link`: the checkout went on with a payment of that link) is kept under that link.
 */
export function rememberPending(type: string, code: string, attempt: RememberedAttempt | null, merchant?: number, link?: string): void {
  const key = type == 'lk' && link ? keyOf(type, link) : keyOf(type, code);
  try {
    // reading localStorage throws where storage is denied: the catch covers it
    if (attempt) localStorage.setItem(key, JSON.stringify({ ...attempt, merchant, link, at: Date.now() }));
    else localStorage.removeItem(key);
  } catch {
    // Without storage a reopen finds only what the server offers.
  }
}

/**
 * Forgets the operation `codOper` under whichever target it is kept (a payment the checkout went on
 * with is kept under its own link), leaving every other: the return from a bank's or 3DS page names
 * the payment that ended, not its link.
 */
export function forgetOperation(codOper: string): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i) as string;
      try {
        if (key.startsWith(PREFIX) && (JSON.parse(localStorage.getItem(key) as string) as Kept | null)?.codOper == codOper) localStorage.removeItem(key);
      } catch {
        // another script's value under the prefix: not ours
      }
    }
  } catch {
    // Without storage nothing was kept.
  }
}

/** The waiting payment remembered for `type`/`code`, as the checkout's `pending` parameter; undefined when none. */
export function recallPending(type: string, code: string): string | undefined {
  try {
    const value = kept(keyOf(type, code));
    return value && JSON.stringify(value, ['method', 'codOper', 'deadline']);
  } catch {
    return undefined;
  }
}

/** The payments waiting on other targets, newest first, as the checkout's `waiting` parameter; undefined when none. */
export function recallWaiting(type: string, code: string): string | undefined {
  const found: Kept[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) as string;
      if (!key.startsWith(PREFIX) || key == keyOf(type, code)) continue;
      try {
        const value = kept(key);
        if (value && isWaitingPayment(value)) found.push(value);
      } catch {
        // another script's value under the prefix: not ours
      }
    }
  } catch {
    return undefined;
  }
  found.sort((a, b) => b.at - a.at);
  return found.length ? JSON.stringify(found.slice(0, MAX_WAITING), ['merchant', 'link', 'method', 'codOper', 'deadline']) : undefined;
}
