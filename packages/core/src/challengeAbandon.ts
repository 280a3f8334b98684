import { CARD_AUTH_STATUS } from './cardMessages';
import { CARD_STATUS } from './cardOutcome';

// SPEC 4 "Card (Visa, Mastercard, Amex, including -PF variants): -1 pending, 0 declined, 1 approved,
// 2 captured, 3 refunded." and "Card payment: ... a 3DS redirect URL is followed at once".

/** A card attempt as recorded: what the abandon rule reads. */
interface RecordedCardAttempt {
  method: string;
  status: number;
  authStatus: string | null;
  redirectUrl: string | null;
}

/**
 * Whether the payer may leave this attempt for another card or method: a card payment still pending
 * (-1) at its 3DS challenge (its redirect followed, the issuer waiting for the payer). A card pending
 * at its issuer without a challenge is the issuer's to decide; an ended one stays what it became.
 */
export function isAbandonableChallenge(attempt: RecordedCardAttempt): boolean {
  return attempt.method === 'card' && attempt.status === CARD_STATUS.pending
    && attempt.authStatus === CARD_AUTH_STATUS.three_ds && (attempt.redirectUrl ?? '') !== '';
}

/**
 * What the checkout makes of the answer to leaving a 3DS challenge: `form` (called off, nothing
 * charged: the payer pays another way), `receipt` (the challenge was completed first and approved;
 * 2 and 3 are that payment captured or refunded since), `declined` (the bank refused it first: the
 * form with its reason), `waiting` (still pending: the wait goes on).
 */
type ChallengeAbandonEnd = 'form' | 'receipt' | 'declined' | 'waiting';

export function afterChallengeAbandon(answer: { status: number; authStatus?: string | null }): ChallengeAbandonEnd {
  if (answer.status === CARD_STATUS.pending) return 'waiting';
  if (answer.status === CARD_STATUS.declined) return answer.authStatus === CARD_AUTH_STATUS.cancelled ? 'form' : 'declined';
  return answer.status === CARD_STATUS.approved || answer.status === 2 || answer.status === 3 ? 'receipt' : 'declined';
}
