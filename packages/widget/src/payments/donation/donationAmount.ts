import type { CatalogKey } from '@pasarela/core';

// Apart from its store: the Pay button reads it on the first screen, the store loads later.

export type DonationChoice = string;

export interface DonationState {
  choice: DonationChoice;
  other: string;
  error: CatalogKey | null;
}

/** The amount typed, "2." (its decimals on the way) included. */
export function otherAmount(text: string): number {
  const clean = text.trim();
  return /^\d+(\.\d*)?$/.test(clean) ? Number(clean) : Number.NaN;
}

export function chosenDonationAmount(state: DonationState): number {
  const chosen = state.choice === 'none' ? 0 : state.choice === 'other' ? otherAmount(state.other) : Number(state.choice);
  return Number.isFinite(chosen) && chosen > 0 && !state.error ? chosen : 0;
}
