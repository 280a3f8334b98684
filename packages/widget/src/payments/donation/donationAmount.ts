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
