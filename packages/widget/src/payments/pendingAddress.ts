import { isRememberedAttempt, type RememberedAttempt } from '@pasarela/core';

/**
 * In the checkout's address (`?pending=`): the loader hands it over on a reopen, and the checkout
 * writes it while a payment waits at the bank, so Back from there lands on an address that carries it.
 */
export const PENDING_PARAM = 'pending';

export function pendingFromAddress(url: URL): RememberedAttempt | null {
  const raw = url.searchParams.get(PENDING_PARAM);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isRememberedAttempt(value) ? { method: value.method, codOper: value.codOper, deadline: value.deadline } : null;
  } catch {
    return null;
  }
}

export function markAddress(attempt: RememberedAttempt | null): void {
  if (typeof history === 'undefined' || typeof location === 'undefined') return;
  const url = new URL(location.href);
  if (attempt) url.searchParams.set(PENDING_PARAM, JSON.stringify(attempt));
  else if (url.searchParams.has(PENDING_PARAM)) url.searchParams.delete(PENDING_PARAM);
  else return;
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

export function formPathOf(url: URL): string {
  const form = new URL(url.href);
  form.searchParams.delete(PENDING_PARAM);
  return form.pathname + form.search;
}
