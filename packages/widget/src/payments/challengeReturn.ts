import { CHALLENGE_ENTRIES_PARAM, CHALLENGE_RETURN_PARAM } from '@pasarela/core';
import { RECEIPT_PATH } from '../services/route';
import { leaveAddress, returnFromAddress, saveReturn, takeReturn, type PendingReturn } from './leaveAndReturn';

// A 3DS challenge leaves the widget for the challenge page and comes back to the receipt in a new
// page load; leaveAndReturn.ts carries what the result message needs.

/** Query mark on the return address: this receipt ends a challenge (the server reads it too: core refusedChallengeReturn). */
export const CHALLENGE_PARAM = CHALLENGE_RETURN_PARAM;
/** Query mark on the return address: the history's length as the form left, whose last entry is the form's. */
export const FORM_ENTRY_PARAM = CHALLENGE_ENTRIES_PARAM;
export { FROM_PARAM } from './leaveAndReturn';

export type PendingChallenge = PendingReturn;

export function saveChallenge(storage: Storage | null, pending: PendingChallenge): void {
  saveReturn(storage, 'card', pending);
}

/** Reads and forgets the stored challenge, so one challenge reports one result. */
export function takeChallenge(storage: Storage | null): PendingChallenge | null {
  return takeReturn(storage, 'card');
}

/** The challenge marks of a receipt address, when it ends a challenge. */
export function challengeFromAddress(url: URL): PendingChallenge | null {
  if (url.searchParams.get(CHALLENGE_PARAM) !== '1') return null;
  return returnFromAddress(url);
}

/**
 * The challenge page's address with where to come back to: the receipt, marked as the end of a
 * challenge, keeping parentOrigin and lang. Only our own (sandbox) challenge page is given one.
 */
export function challengeAddress(redirectUrl: string, codOper: string, current: URL, entries = typeof history === 'undefined' ? 0 : history.length): string {
  if (codOper === '') return new URL(redirectUrl, current).href;
  return leaveAddress(redirectUrl, `${RECEIPT_PATH}${encodeURIComponent(codOper)}?${CHALLENGE_PARAM}=1&${FORM_ENTRY_PARAM}=${entries}`, current);
}

