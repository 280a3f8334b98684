import { createStore } from 'zustand/vanilla';
import { campaignDonation, donationAmountMessage, PasarelaError, readTypedDollars, readTypedPesos, type CampaignBridge, type Currency } from '@pasarela/core';
import type { DonationChoice, DonationState } from './donationAmount';

export type { DonationChoice, DonationState } from './donationAmount';

export interface Donation {
  amount: number;
  idCampaignBridge: number | string;
}

export interface DonationActions {
  choose(choice: DonationChoice): void;
  setOther(text: string): void;
  checkOther(): void;
  /** Pay's check, before anything is sent: false when the amount is refused, said at its field. */
  checkBeforePay(): boolean;
  /** The refused amount's field takes the focus. */
  focusAmount(): void;
  /** What the payment carries; throws when the campaign refuses it. */
  donation(): Donation | null;
}

/** The campaign's amounts, and the one the payer types, are in the merchant's currency. */
export function createDonationStore(bridge: CampaignBridge, currency: Currency) {
  // Pesos as Colombians type them ("50.000" is fifty thousand, centavos none); dollars with their cents,
  // "2." read as 2 on the way to "2.50".
  const typed = (other: string) => {
    if (currency !== 'COP') {
      const read = readTypedDollars(other, 'payer');
      return 'dollars' in read ? read.dollars : Number.NaN;
    }
    const read = readTypedPesos(other);
    return 'pesos' in read ? read.pesos : Number.NaN;
  };
  const amountOf = (choice: DonationChoice, other: string) => (choice === 'none' ? 0 : choice === 'other' ? typed(other) : Number(choice));
  const errorOf = (choice: DonationChoice, other: string) =>
    choice === 'none' || (choice === 'other' && other.trim() === '') ? null : donationAmountMessage(amountOf(choice, other), bridge.campaign);
  // The Pay button and the summary count only what the campaign takes, before any error is said.
  const counted = (choice: DonationChoice, other: string) => (errorOf(choice, other) === null ? amountOf(choice, other) || 0 : 0);
  const store = createStore<DonationState & DonationActions>()((set, get) => ({
    choice: 'none',
    other: '',
    error: null,
    amount: 0,
    saidByPay: false,
    focusRequest: null,
    choose(choice) {
      set({ choice, error: null, amount: counted(choice, get().other), saidByPay: false, focusRequest: null });
    },
    // Said when the payer leaves the field or pays, not while typing ("1" on the way to "15" is under a
    // minimum of 5): an error already said is checked again at each keystroke, so it goes once fixed.
    setOther(other) {
      const { choice, error } = get();
      set({ other, error: error === null ? null : errorOf(choice, other), amount: counted(choice, other), saidByPay: false, focusRequest: null });
    },
    checkOther() {
      set({ error: errorOf(get().choice, get().other), saidByPay: false });
    },
    checkBeforePay() {
      const { choice, other } = get();
      // Another amount left empty is no amount either.
      const error = choice === 'other' && other.trim() === '' ? donationAmountMessage(Number.NaN, bridge.campaign) : errorOf(choice, other);
      set({ error, saidByPay: error !== null });
      return error === null;
    },
    focusAmount() {
      set({ focusRequest: {} });
    },
    donation() {
      const { choice, other } = get();
      if (choice === 'none') return null;
      if (!get().checkBeforePay()) throw new PasarelaError({ code: 'invalid_amount', category: 'validation' });
      // SPEC 5 "A campaign amount is sent only when both amount and bridge id exist."
      const sent = campaignDonation(amountOf(choice, other), bridge.idBridge);
      return sent ? { amount: sent.amountToCampaign, idCampaignBridge: sent.idCampaignBridge } : null;
    },
  }));
  return store;
}
export type DonationStore = ReturnType<typeof createDonationStore>;
