import type { CatalogKey } from '@pasarela/core';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { usableSavedCards, type SavedCard } from '@pasarela/core';
import type { Services } from '../services/services';
import { loadBalance, loadCards, loadProfile, loadTransactions, removeCard, setDefaultCard, type Profile, type WalletTransaction } from './api';
import { walletMessageKey } from './walletMessage';

export const RECENT_TRANSACTIONS = 5;

export interface Account {
  profile: Profile;
  balance: number;
  cards: SavedCard[];
  transactions: WalletTransaction[];
}

export interface AccountState {
  status: 'loading' | 'ready' | 'failed';
  account: Account | null;
  error: CatalogKey | null;
  busyCard: number | null;
  load(): Promise<void>;
  makeDefault(idRelCard: number): Promise<void>;
  remove(idRelCard: number): Promise<void>;
}
export type AccountStore = StoreApi<AccountState>;

export function createAccountStore(services: Pick<Services, 'api' | 'session'>): AccountStore {
  const { api, session } = services;
  const idUsr = () => session.getState().login?.session.user.idUsr ?? -1;
  return createStore<AccountState>()((set, get) => {
    const refreshCards = async () => {
      const cards = usableSavedCards(await loadCards(api), idUsr());
      const account = get().account;
      if (account) set({ account: { ...account, cards } });
    };
    const change = async (idRelCard: number, call: () => Promise<unknown>) => {
      set({ busyCard: idRelCard, error: null });
      try {
        await call();
        await refreshCards();
      } catch (error) {
        set({ error: walletMessageKey(error) });
      } finally {
        set({ busyCard: null });
      }
    };
    return {
      status: 'loading',
      account: null,
      error: null,
      busyCard: null,
      async load() {
        set({ status: 'loading', error: null });
        try {
          const [profile, balance, cards, transactions] = await Promise.all([
            loadProfile(api), loadBalance(api), loadCards(api), loadTransactions(api, RECENT_TRANSACTIONS),
          ]);
          set({ status: 'ready', account: { profile, balance, cards: usableSavedCards(cards, idUsr()), transactions } });
        } catch (error) {
          set({ status: 'failed', error: walletMessageKey(error) });
        }
      },
      makeDefault: (id) => change(id, () => setDefaultCard(api, id)),
      remove: (id) => change(id, () => removeCard(api, id)),
    };
  });
}
