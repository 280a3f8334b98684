import { createStore } from 'zustand/vanilla';
import { campaignAmountError, campaignDonation, PasarelaError, type CampaignBridge } from '@pasarela/core';
import { otherAmount, type DonationChoice, type DonationState } from './donationAmount';

export { chosenDonationAmount, type DonationChoice, type DonationState } from './donationAmount';

export interface Donation {
  amount: number;
  idCampaignBridge: number | string;
}

export function createDonationStore(bridge: CampaignBridge) {
  const errorOf = (other: string) => {
    const amount = otherAmount(other);
    return other.trim() === '' ? null : Number.isNaN(amount) ? 'invalid_amount' : campaignAmountError(amount, bridge.campaign);
  };
  const store = createStore<DonationState & { choose(choice: DonationChoice): void; setOther(text: string): void; checkOther(): void; donation(): Donation | null }>()((set, get) => ({
    choice: 'none',
    other: '',
    error: null,
    choose(choice) {
      set({ choice, error: null });
    },
    // Said when the payer leaves the field or pays, not while typing ("1" on the way to "15" is under a
    // minimum of 5): an error already said is checked again at each keystroke, so it goes once fixed.
    setOther(other) {
      set({ other, error: get().error === null ? null : errorOf(other) });
    },
    checkOther() {
      set({ error: errorOf(get().other) });
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
