import { DUPLICATE_WINDOW_MS } from './constants';

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
