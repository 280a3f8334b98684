import type { CatalogKey } from '@pasarela/core';

// Apart from its store: the Pay button reads its state on the first screen, the store loads later.

export type DonationChoice = string;

export interface DonationState {
  choice: DonationChoice;
  other: string;
  error: CatalogKey | null;
  /** What the payment would carry: 0 for none, and for an amount the campaign refuses, said or not yet. */
  amount: number;
  /** The error is Pay's: said by the focus on the first field to fix, not as it appears. */
  saidByPay: boolean;
  /** Pay found the amount wrong: its field takes the focus (a new object each Pay). */
  focusRequest: object | null;
}

/**
 * Dollars typed, "2." (its decimals on the way) included, at most two decimals: "1.500" is no amount,
 * as in core's readTypedDollars (read as decimals it would be 1.50, a thousandth of what was meant).
 */
export function otherAmount(text: string): number {
  const clean = text.trim();
  return /^\d+(\.\d{0,2})?$/.test(clean) ? Number(clean) : Number.NaN;
}
