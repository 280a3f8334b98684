import { createStore } from 'zustand/vanilla';
import { campaignAmountError, campaignDonation, PasarelaError, type CampaignBridge } from '@pasarela/core';
import { otherAmount, type DonationChoice, type DonationState } from './donationAmount';

export { chosenDonationAmount, type DonationChoice, type DonationState } from './donationAmount';

export interface Donation {
  amount: number;
  idCampaignBridge: number | string;
}

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
