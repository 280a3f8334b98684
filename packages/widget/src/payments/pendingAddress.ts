import { isRememberedAttempt, type RememberedAttempt } from '@pasarela/core';

/**
 * A payment left waiting, in the checkout's own address (`?pending=` as JSON): the loader hands it
 * over on a reopen (its memory is the merchant page's storage, which a frame without storage still
 * has), and the checkout writes it into its address while a payment waits on the bank's page, so
 * Back from there lands on an address that carries it.
 */
export const PENDING_PARAM = 'pending';

/** The waiting payment the address names, checked as core's RememberedAttempt; null when none or malformed. */
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

/** Writes the waiting payment into this page's address (or takes it out), replacing the history entry. */
export function markAddress(attempt: RememberedAttempt | null): void {
  if (typeof history === 'undefined' || typeof location === 'undefined') return;
  const url = new URL(location.href);
  if (attempt) url.searchParams.set(PENDING_PARAM, JSON.stringify(attempt));
  else if (url.searchParams.has(PENDING_PARAM)) url.searchParams.delete(PENDING_PARAM);
  else return;
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

/** The path and query of `url` without the waiting payment: where a refused payment returns to its form. */
export function formPathOf(url: URL): string {
  const form = new URL(url.href);
  form.searchParams.delete(PENDING_PARAM);
  return form.pathname + form.search;
}
