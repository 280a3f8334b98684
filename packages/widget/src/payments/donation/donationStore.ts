import type { CatalogKey } from '@pasarela/core';
import { createStore } from 'zustand/vanilla';
import { campaignAmountError, campaignDonation, PasarelaError, type CampaignBridge } from '@pasarela/core';

/** 'none', one of the campaign's suggested values (as text), or 'other' with the payer's amount. */
export type DonationChoice = string;

export interface DonationState {
  choice: DonationChoice;
  other: string;
  /** Catalogue key under the other-amount field. */
  error: CatalogKey | null;
}

export interface Donation {
  amount: number;
  idCampaignBridge: number | string;
}

function otherAmount(text: string): number {
  const clean = text.trim();
  return /^\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The donation the chosen option adds to what is charged now (0: none, or an amount not valid yet). */
export function chosenDonationAmount(state: DonationState): number {
  const chosen = state.choice === 'none' ? 0 : state.choice === 'other' ? otherAmount(state.other) : Number(state.choice);
  return Number.isFinite(chosen) && chosen > 0 && !state.error ? chosen : 0;
}

/** The donation the payer adds to the payment, checked against the campaign's min and max (core). */
export function createDonationStore(bridge: CampaignBridge) {
  const store = createStore<DonationState & { choose(choice: DonationChoice): void; setOther(text: string): void; donation(): Donation | null }>()((set, get) => ({
    choice: 'none',
    other: '',
    error: null,
    choose(choice) {
      set({ choice, error: null });
    },
    setOther(other) {
      const amount = otherAmount(other);
      set({ other, error: other.trim() === '' ? null : Number.isNaN(amount) ? 'invalid_amount' : campaignAmountError(amount, bridge.campaign) });
    },
    /** What is sent with the payment; throws the catalogue error when the other amount is wrong. */
    donation() {
      const { choice, other } = get();
      if (choice === 'none') return null;
      const amount = choice === 'other' ? otherAmount(other) : Number(choice);
      const error = Number.isNaN(amount) || amount <= 0 ? 'invalid_amount' : campaignAmountError(amount, bridge.campaign);
      if (error) {
        set({ error });
        throw new PasarelaError({ code: error, category: 'validation' });
      }
      // SPEC 5 "A campaign amount is sent only when both amount and bridge id exist."
      const sent = campaignDonation(amount, bridge.idBridge);
      return sent ? { amount: sent.amountToCampaign, idCampaignBridge: sent.idCampaignBridge } : null;
    },
  }));
  return store;
}
export type DonationStore = ReturnType<typeof createDonationStore>;
