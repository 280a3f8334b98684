import { CARD_STATUS, type CardAuthResponse } from './cardOutcome';
import type { PaymentAttempt } from './chargeAttempt';
import { isAbandonableChallenge } from './challengeAbandon';
import { CANCELLED_AUTH_STATUS, paymentOverallResult, statusFamilyOf } from './status';

/** A record in the card answer's words, so cardOutcome reads both. */
export function recordAsCardAnswer(record: PaymentAttempt): CardAuthResponse {
  const status = record.result === 'APPROVED' ? CARD_STATUS.approved : record.result === 'PENDING' ? CARD_STATUS.pending : CARD_STATUS.declined;
  return { status, codOper: record.codOper, messageSys: record.messageSys, authStatus: record.authStatus, cardType: null, displayNum: '', redirectUrl: record.redirectUrl };
}

const RESUMABLE_METHODS: readonly string[] = ['nequi', 'yappy', 'cash', 'clave', 'crypto'];

interface LinkAttempt {
  method: string;
  status: number;
  authStatus: string;
  codOper: string;
  /** A wallet user's payment: never offered to whoever opens the link. */
  byUser: boolean;
  expiresAt: Date | null;
  /** A card payment's 3DS challenge page, while it waits there. */
  redirectUrl?: string | null | undefined;
}

interface PendingAttempt {
  method: string;
  codOper: string;
  expiresAt: string | null;
  /** A card payment at its 3DS challenge: the issuer's page, to open again. */
  challengeUrl?: string;
}

/**
 * The latest guest payment left pending on a link, offered again (docs/spec-decisions.md): a method
 * finished outside the checkout, or a card at its 3DS challenge, whose window has not closed.
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

type WaitingState = 'waiting' | 'paid' | 'over';

export function waitingStateOf(attempt: Omit<LinkAttempt, 'byUser'>, now: Date): WaitingState {
  if (paymentOverallResult(statusFamilyOf(attempt.method), attempt.status, attempt.authStatus) === 'APPROVED') return 'paid';
  return pendingAttemptOf([{ ...attempt, byUser: false }], now) ? 'waiting' : 'over';
}

export const WAITING_ENDS = ['declined', 'lapsed', 'calledOff'] as const;
export type WaitingEnd = (typeof WAITING_ENDS)[number];

/**
 * Why a payment stopped waiting unpaid, for a page that waited on it from another browser to say so:
 * called off by a payer, its window closed (recorded EXPIRED, or still pending past it), or declined.
 * Null while it waits, and once paid.
 */
export function waitingEndOf(attempt: Omit<LinkAttempt, 'byUser'>, now: Date): WaitingEnd | null {
  if (waitingStateOf(attempt, now) !== 'over') return null;
  const authStatus = attempt.authStatus.trim().toUpperCase();
  if (authStatus === CANCELLED_AUTH_STATUS) return 'calledOff';
  if (authStatus === 'EXPIRED' || paymentOverallResult(statusFamilyOf(attempt.method), attempt.status, attempt.authStatus) === 'PENDING') return 'lapsed';
  return 'declined';
}
