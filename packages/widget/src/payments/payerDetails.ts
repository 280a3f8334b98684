import { createStore, type StoreApi } from 'zustand/vanilla';

export type PayerDetail = 'name' | 'email' | 'phone';
export type PayerDetails = Record<PayerDetail, string>;

/**
 * What the payer typed about themselves in one checkout, offered in every method's form that asks it:
 * switching method never loses it (PRODUCT). Each form keeps its own rules (a phone per method and country).
 */
export function createPayerDetails(initial: Partial<PayerDetails> = {}): PayerDetailsStore {
  return createStore<PayerDetails>()(() => ({ name: '', email: '', phone: '', ...initial }));
}
export type PayerDetailsStore = StoreApi<PayerDetails>;
