import { DUPLICATE_WINDOW_MS } from './constants';
import { ENDED_UNPAID_AUTH_STATUSES } from './status';

const ENDED_UNPAID: ReadonlySet<string> = new Set(ENDED_UNPAID_AUTH_STATUSES);

/**
 * SPEC 8 possible_duplicated_tx: "same amount and card within 5 minutes" (SPEC 9 "Duplicate window
 * 5 minutes"). Read per merchant: the same card and amount at two shops are two purchases, so only
 * an earlier payment to the same merchant counts. A payer who means a second purchase says so, and
 * the checkout sends it again with SPEC 3's `tryAgain`: no check then.
 */
export interface DuplicateCheck {
  merchantId: number;
  /** The card's keyed fingerprint (never its number). */
  cardFingerprint: string;
  amountCents: number;
  /** An earlier payment at or after this moment is inside the window. */
  since: Date;
}

/** The payment about to be made, as the rule sees it. */
interface ChargeToCheck {
  merchantId: number;
  cardFingerprint: string;
  amountCents: number;
  /** SPEC 3 `tryAgain`: the payer confirmed this is another purchase. */
  tryAgain: boolean;
}

/** What an earlier payment must match for `charge` to be refused at `now`; null when nothing is checked (tryAgain). */
export function duplicateCheckOf(charge: ChargeToCheck, now: number = Date.now()): DuplicateCheck | null {
  if (charge.tryAgain) return null;
  return { merchantId: charge.merchantId, cardFingerprint: charge.cardFingerprint, amountCents: charge.amountCents, since: new Date(now - DUPLICATE_WINDOW_MS) };
}

/**
 * What an earlier payment of the same card and amount is to the rule: `charged` (approved, or
 * captured since), `waiting` (pending: at its issuer or at a 3D Secure challenge the payer may
 * still answer, so it may still charge), or null (it charged nothing and never will: declined, a
 * challenge the payer called off or that failed, refunded). SPEC 8 "same amount and card within 5
 * minutes" counts only what charged or may still charge.
 */
export type DuplicateState = 'charged' | 'waiting';

export function duplicateStateOf(earlier: { status: number; authStatus: string | null }): DuplicateState | null {
  if (ENDED_UNPAID.has((earlier.authStatus ?? '').trim().toUpperCase())) return null;
  if (earlier.status === 1 || earlier.status === 2) return 'charged';
  if (earlier.status === -1) return 'waiting';
  return null;
}

/** The status codes the store's SQL matches (duplicateStateOf's non-null rows, before the auth status). */
export const DUPLICATE_COUNTED_STATUSES = [1, 2, -1] as const;

/**
 * The 409 carries the earlier payment's state as its `state` field, so the checkout words its
 * question by it; an answer without one reads as charged (the stronger warning).
 */
export function duplicateStateOfAnswer(fields: Readonly<Record<string, unknown>>): DuplicateState {
  return fields['state'] === 'waiting' ? 'waiting' : 'charged';
}
