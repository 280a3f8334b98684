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
export interface ChargeToCheck {
  merchantId: number;
  cardFingerprint: string;
  amountCents: number;
  /** SPEC 3 `tryAgain`: the payer confirmed this is another purchase. */
  tryAgain: boolean;
}

/** An earlier payment, as the rule sees it: only one that went through or may still (approved or pending) counts. */
export interface EarlierCharge {
  merchantId: number;
  cardFingerprint: string;
  amountCents: number;
  createdAt: Date;
  result: 'APPROVED' | 'PENDING' | 'DECLINED';
}

/** What an earlier payment must match for `charge` to be refused at `now`; null when nothing is checked (tryAgain). */
export function duplicateCheckOf(charge: ChargeToCheck, now: number = Date.now()): DuplicateCheck | null {
  if (charge.tryAgain) return null;
  return { merchantId: charge.merchantId, cardFingerprint: charge.cardFingerprint, amountCents: charge.amountCents, since: new Date(now - DUPLICATE_WINDOW_MS) };
}

/** Whether `earlier` makes the payment checked by `check` a possible duplicate (the store's query applies the same rule in SQL). */
export function isPossibleDuplicate(check: DuplicateCheck | null, earlier: EarlierCharge): boolean {
  if (!check) return false;
  return earlier.result !== 'DECLINED' && earlier.merchantId === check.merchantId && earlier.cardFingerprint === check.cardFingerprint
    && earlier.amountCents === check.amountCents && earlier.createdAt.getTime() >= check.since.getTime();
}
