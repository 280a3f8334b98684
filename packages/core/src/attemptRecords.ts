import { CARD_STATUS, type CardAuthResponse } from './cardOutcome';
import type { PaymentAttempt } from './chargeAttempt';
import { isAbandonableChallenge } from './challengeAbandon';
import { paymentOverallResult, statusFamilyOf } from './status';

// What a payment attempt the server recorded means to the checkout: a lost card answer read back
// from its record, and the payment a payer left pending and may wait on again.

/**
 * A card attempt's record (GET payments/attempts/{trackId}) in the words of the card answer, so
 * both are read by cardOutcome (SPEC 4 "Card payment: status 1 leads to the receipt; a 3DS redirect
 * URL is followed at once; any other status shows an error"). The record's overall result decides
 * the status: APPROVED is 1, PENDING -1 (a challenge still open keeps its address), anything else 0.
 */
export function recordAsCardAnswer(record: PaymentAttempt): CardAuthResponse {
  const status = record.result === 'APPROVED' ? CARD_STATUS.approved : record.result === 'PENDING' ? CARD_STATUS.pending : CARD_STATUS.declined;
  return { status, codOper: record.codOper, messageSys: record.messageSys, authStatus: record.authStatus, cardType: null, displayNum: '', redirectUrl: record.redirectUrl };
}

/** Methods whose payment the payer finishes outside the checkout, so it can be waited on again. */
const RESUMABLE_METHODS: readonly string[] = ['nequi', 'yappy', 'cash', 'clave', 'crypto'];

/** One payment of a link as the pending-attempt rule reads it. */
interface LinkAttempt {
  method: string;
  status: number;
  authStatus: string;
  codOper: string;
  /** A wallet user's payment (not a guest's): never offered to whoever opens the link. */
  byUser: boolean;
  expiresAt: Date | null;
  /** A card payment's 3DS challenge page, while it waits there. */
  redirectUrl?: string | null | undefined;
}

/** What the checkout needs to wait on a payment again: no amount, no payer, nothing personal. */
interface PendingAttempt {
  method: string;
  codOper: string;
  expiresAt: string | null;
  /** A card payment at its 3DS challenge: the issuer's page, to open again. */
  challengeUrl?: string;
}

/**
 * The payment a payer left pending on a link (docs/spec-decisions.md "a pending payment is offered
 * again"): the latest guest payment, in the order given (oldest first), of a method finished
 * outside the checkout (or a card payment at its 3DS challenge), whose window has not closed and whose SPEC 4 overall result is PENDING
 * ("Overall result: 0 pending", read per method from SPEC 4's status tables). Null when none is.
 */
export function pendingAttemptOf(attempts: readonly LinkAttempt[], now: Date): PendingAttempt | null {
  for (let i = attempts.length - 1; i >= 0; i -= 1) {
    const a = attempts[i];
    if (!a || a.byUser) continue;
    // A card waits on the payer only at its 3DS challenge (pending at its issuer, it is the issuer's to decide).
    if (a.method === 'card' && isAbandonableChallenge({ ...a, redirectUrl: a.redirectUrl ?? null })) {
      return { method: a.method, codOper: a.codOper, expiresAt: null, challengeUrl: a.redirectUrl ?? '' };
    }
    if (!RESUMABLE_METHODS.includes(a.method)) continue;
    if (a.expiresAt && a.expiresAt.getTime() <= now.getTime()) continue;
    if (paymentOverallResult(statusFamilyOf(a.method), a.status, a.authStatus) !== 'PENDING') continue;
    return { method: a.method, codOper: a.codOper, expiresAt: a.expiresAt?.toISOString() ?? null };
  }
  return null;
}

/** Where a payment the loader remembered stands: still waiting on the payer, paid, or over (expired, declined, called off). */
type WaitingState = 'waiting' | 'paid' | 'over';

/**
 * A remembered payment's state, read as pendingAttemptOf reads a link's payments (SPEC 4's overall
 * result per method, within its window), or paid when its overall result is APPROVED.
 */
export function waitingStateOf(attempt: Omit<LinkAttempt, 'byUser'>, now: Date): WaitingState {
  if (paymentOverallResult(statusFamilyOf(attempt.method), attempt.status, attempt.authStatus) === 'APPROVED') return 'paid';
  return pendingAttemptOf([{ ...attempt, byUser: false }], now) ? 'waiting' : 'over';
}
