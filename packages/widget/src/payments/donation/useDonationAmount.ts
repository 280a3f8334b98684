import { createContext, useContext, useEffect, useState } from 'react';
import { chosenDonationAmount } from './donationAmount';
import type { DonationStore } from './donationStore';

/** The checkout's donation store, for the screens that show what is charged (the card's Pay button). */
export const DonationContext = createContext<DonationStore | null>(null);

/** The donation currently chosen in `store` (0 without a store or a donation), kept up to date. */
export function useDonationAmount(store: DonationStore | null): number {
  const [amount, setAmount] = useState(() => (store ? chosenDonationAmount(store.getState()) : 0));
  useEffect(() => {
    setAmount(store ? chosenDonationAmount(store.getState()) : 0);
    return store?.subscribe((state) => setAmount(chosenDonationAmount(state)));
  }, [store]);
  return amount;
}

/** The donation chosen in the checkout around this screen. */
export function useCheckoutDonation(): number {
  return useDonationAmount(useContext(DonationContext));
}
