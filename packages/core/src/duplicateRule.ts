import { DUPLICATE_WINDOW_MS } from './constants';
import { ENDED_UNPAID_AUTH_STATUSES } from './status';

const ENDED_UNPAID: ReadonlySet<string> = new Set(ENDED_UNPAID_AUTH_STATUSES);

/** SPEC 8 possible_duplicated_tx, read per merchant: the same card and amount at two shops are two purchases. */
export interface DuplicateCheck {
  merchantId: number;
  cardFingerprint: string;
  amountCents: number;
  since: Date;
}

interface ChargeToCheck {
  merchantId: number;
  cardFingerprint: string;
  /** "Same amount": what the card is charged, the amount with its tax and any donation. */
  amountCents: number;
  /** SPEC 3 `tryAgain`: the payer confirmed this is another purchase. */
  tryAgain: boolean;
}

export function duplicateCheckOf(charge: ChargeToCheck, now: number = Date.now()): DuplicateCheck | null {
  if (charge.tryAgain) return null;
  return { merchantId: charge.merchantId, cardFingerprint: charge.cardFingerprint, amountCents: charge.amountCents, since: new Date(now - DUPLICATE_WINDOW_MS) };
}

/** Only what charged (`charged`) or may still charge (`waiting`, pending at its issuer or 3DS) counts. */
export type DuplicateState = 'charged' | 'waiting';

export function duplicateStateOf(earlier: { status: number; authStatus: string | null }): DuplicateState | null {
  if (ENDED_UNPAID.has((earlier.authStatus ?? '').trim().toUpperCase())) return null;
  if (earlier.status === 1 || earlier.status === 2) return 'charged';
  if (earlier.status === -1) return 'waiting';
  return null;
}

/** Must match the store's SQL. */
export const DUPLICATE_COUNTED_STATUSES = [1, 2, -1] as const;

/** An answer without `state` reads as charged, the stronger warning. */
export function duplicateStateOfAnswer(fields: Readonly<Record<string, unknown>>): DuplicateState {
  return fields['state'] === 'waiting' ? 'waiting' : 'charged';
}
