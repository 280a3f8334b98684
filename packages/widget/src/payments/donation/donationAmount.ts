import type { CatalogKey } from '@pasarela/core';

// What the chosen donation adds, apart from the store that checks it: the Pay button's amount reads
// it on the first screen, while the store and the choice load later (donationParts.ts).

/** 'none', one of the campaign's suggested values (as text), or 'other' with the payer's amount. */
export type DonationChoice = string;

export interface DonationState {
  choice: DonationChoice;
  other: string;
  /** Catalogue key under the other-amount field. */
  error: CatalogKey | null;
}

export function otherAmount(text: string): number {
  const clean = text.trim();
  return /^\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The donation the chosen option adds to what is charged now (0: none, or an amount not valid yet). */
export function chosenDonationAmount(state: DonationState): number {
  const chosen = state.choice === 'none' ? 0 : state.choice === 'other' ? otherAmount(state.other) : Number(state.choice);
  return Number.isFinite(chosen) && chosen > 0 && !state.error ? chosen : 0;
}
