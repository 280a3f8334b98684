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

/**
 * Why a bank page left open (a 3DS challenge, a Clave page) no longer takes an answer, as that page
 * says it (issue 92, "The browser left behind learns the truth"): the payer left it for another way to
 * pay in the checkout (`another_method`), another payment paid its order in another window or device
 * (`paid_elsewhere`, also when the payer's call-off from there came first), the payer cancelled it on
 * that page (`cancelled_on_page`), the shop voided it (`merchant`), or no reason is known (`other`).
 */
export type PageGoneReason = 'another_method' | 'paid_elsewhere' | 'cancelled_on_page' | 'merchant' | 'other';

export function pageGoneReason(attempt: CancelledAttempt, order: { paidByAnother: boolean }): PageGoneReason {
  const reason = cancelReasonOf(attempt);
  if (reason === 'paid_elsewhere' || (reason === 'payer' && order.paidByAnother)) return 'paid_elsewhere';
  if (reason === 'payer') return 'another_method';
  if (reason === 'payer_on_issuer_page') return 'cancelled_on_page';
  if (reason === 'merchant') return 'merchant';
  return 'other';
}

