import { isRememberedAttempt, isWaitingPayment, type RememberedAttempt } from '@pasarela/core';

// Waiting payments live in the merchant page's storage: first-party, it survives a checkout frame
// whose storage is partitioned or denied. A day at most: SPEC 9's 24-hour cash wait is the longest.
const PREFIX = 'pasarela.pending.';
const KEEP_MS = 24 * 60 * 60 * 1000;
const MAX_WAITING = 3;

const keyOf = (type: string, code: string) => `${PREFIX}${type}.${code}`;

type Kept = RememberedAttempt & { merchant?: number; link?: string; at: number };

function kept(key: string): Kept | undefined {
  const value = JSON.parse(localStorage.getItem(key) as string) as Kept | null;
  return value && typeof value.at == 'number' && Date.now() - value.at <= KEEP_MS && isRememberedAttempt(value) ? value : undefined;
}

/** A payment the checkout went on with on another `link` is kept under that link. */
export function rememberPending(type: string, code: string, attempt: RememberedAttempt | null, merchant?: number, link?: string): void {
  const key = type == 'lk' && link ? keyOf(type, link) : keyOf(type, code);
  try {
    if (attempt) localStorage.setItem(key, JSON.stringify({ ...attempt, merchant, link, at: Date.now() }));
    else localStorage.removeItem(key);
  } catch {
    // Without storage a reopen finds only what the server offers.
  }
}

/** By operation: the return from a bank's or 3DS page names the payment that ended, not its link. */
export function forgetOperation(codOper: string): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i) as string;
      try {
        if (key.startsWith(PREFIX) && kept(key)?.codOper == codOper) localStorage.removeItem(key);
      } catch {
        // another script's value under the prefix: not ours
      }
    }
  } catch {
    // Without storage nothing was kept.
  }
}

export function recallPending(type: string, code: string): string | undefined {
  try {
    const value = kept(keyOf(type, code));
    return value && JSON.stringify(value, ['method', 'codOper', 'deadline']);
  } catch {
    // unreadable storage, or another script's value: nothing to recall
  }
}

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
