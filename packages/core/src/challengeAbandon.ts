import { cancelReasonOf, type CancelledAttempt } from './cancelReason';
import { CARD_AUTH_STATUS } from './cardMessages';
import { CARD_STATUS } from './cardOutcome';
import { recordedPaymentResult } from './status';

interface RecordedCardAttempt {
  method: string;
  status: number;
  authStatus: string | null;
  redirectUrl: string | null;
}

/** Only at its 3DS challenge: a card pending at its issuer is the issuer's to decide. */
export function isAbandonableChallenge(attempt: RecordedCardAttempt): boolean {
  return attempt.method === 'card' && attempt.status === CARD_STATUS.pending
    && attempt.authStatus === CARD_AUTH_STATUS.three_ds && (attempt.redirectUrl ?? '') !== '';
}

/**
 * SPEC 4 "Clave: 0 declined, 1 approved, -1 pending": only a Clave payment still pending at the bank's
 * page is the payer's to leave there (its X, Escape or "Cancelar y volver"). Left, it is called off as
 * the payer's own cancel, never the bank's refusal: the bank answered nothing.
 */
export function isAbandonableBankPage(attempt: { method: string; status: number; authStatus: string | null }): boolean {
  return attempt.method === 'clave' && recordedPaymentResult(attempt) === 'PENDING';
}

/** `receipt`: the challenge was completed first; `declined`: the bank refused first; `waiting`: still pending. */
type ChallengeAbandonEnd = 'form' | 'receipt' | 'declined' | 'waiting';

export function afterChallengeAbandon(answer: { status: number; authStatus?: string | null }): ChallengeAbandonEnd {
  if (answer.status === CARD_STATUS.pending) return 'waiting';
  if (answer.status === CARD_STATUS.declined) return answer.authStatus === CARD_AUTH_STATUS.cancelled ? 'form' : 'declined';
  return answer.status === CARD_STATUS.approved || answer.status === 2 || answer.status === 3 ? 'receipt' : 'declined';
}

/**
 * Issue 92, "The browser left behind learns the truth ... never a decline or an expiry": a wait whose
 * payment the payer called off from the checkout (the order opened in another browser, maybe) is told
 * as called off there, neutrally, until the order is paid there. Not a 3DS challenge cancelled on the
 * issuer's page: that is this browser's own cancel ("El pago se canceló antes de completarse y no se
 * hizo ningún cargo"), as another payment's call-off, the merchant's void and a lapsed hold have words
 * of their own.
 */
export const calledOffElsewhere = (attempt: CancelledAttempt): boolean => cancelReasonOf(attempt) === 'payer';
