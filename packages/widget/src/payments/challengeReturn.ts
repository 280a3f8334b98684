import { CHALLENGE_ENTRIES_PARAM, CHALLENGE_RETURN_PARAM } from '@pasarela/core';
import { RECEIPT_PATH } from '../services/route';
import { leaveAddress, returnFromAddress, saveReturn, takeReturn } from './leaveAndReturn';
import type { PendingReturn } from '../services/tabMemory';

/** The server reads it too (core refusedChallengeReturn). */
export const CHALLENGE_PARAM = CHALLENGE_RETURN_PARAM;
export const FORM_ENTRY_PARAM = CHALLENGE_ENTRIES_PARAM;
export { FROM_PARAM } from './leaveAndReturn';

export type PendingChallenge = PendingReturn;

export function saveChallenge(storage: Storage | null, pending: PendingChallenge): void {
  saveReturn(storage, 'card', pending);
}

/** Forgets it, so one challenge reports one result. */
export function takeChallenge(storage: Storage | null): PendingChallenge | null {
  return takeReturn(storage, 'card');
}

export function challengeFromAddress(url: URL): PendingChallenge | null {
  if (url.searchParams.get(CHALLENGE_PARAM) !== '1') return null;
  return returnFromAddress(url);
}

/** Only our own (sandbox) challenge page is given one. */
export function challengeAddress(redirectUrl: string, codOper: string, current: URL, entries = typeof history === 'undefined' ? 0 : history.length): string {
  if (codOper === '') return new URL(redirectUrl, current).href;
  return leaveAddress(redirectUrl, `${RECEIPT_PATH}${encodeURIComponent(codOper)}?${CHALLENGE_PARAM}=1&${FORM_ENTRY_PARAM}=${entries}`, current);
}

