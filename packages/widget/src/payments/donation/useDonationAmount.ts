import { createContext, useContext, useEffect, useState } from 'react';
import type { DonationStore } from './donationStore';

export const DonationContext = createContext<DonationStore | null>(null);

export function useDonationAmount(store: DonationStore | null): number {
  const [amount, setAmount] = useState(() => (store ? store.getState().amount : 0));
  useEffect(() => {
    setAmount(store ? store.getState().amount : 0);
    return store?.subscribe((state) => setAmount(state.amount));
  }, [store]);
  return amount;
}

export function useCheckoutDonation(): number {
  return useDonationAmount(useContext(DonationContext));
}
