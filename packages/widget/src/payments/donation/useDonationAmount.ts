import { createContext, useContext, useEffect, useState } from 'react';
import { chosenDonationAmount } from './donationAmount';
import type { DonationStore } from './donationStore';

export const DonationContext = createContext<DonationStore | null>(null);

export function useDonationAmount(store: DonationStore | null): number {
  const [amount, setAmount] = useState(() => (store ? chosenDonationAmount(store.getState()) : 0));
  useEffect(() => {
    setAmount(store ? chosenDonationAmount(store.getState()) : 0);
    return store?.subscribe((state) => setAmount(chosenDonationAmount(state)));
  }, [store]);
  return amount;
}

export function useCheckoutDonation(): number {
  return useDonationAmount(useContext(DonationContext));
}
