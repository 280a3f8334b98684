import { loadCoins, loadNetworks } from './api';
import type { CryptoStoreContext } from './cryptoStoreContext';

export function createCoinChoice(context: CryptoStoreContext, locked: () => boolean) {
  const { get, set, step, fail, api } = context;
  let networksLoading: Promise<void> = Promise.resolve();

  async function start() {
    step({ type: 'start', action: 'fetchCoins' });
    set({ failure: null });
    try {
      const coins = await loadCoins(api);
      step({ type: 'fetchCoinsSuccess', coins });
    } catch (error) {
      fail('fetchCoins', error, 'coins');
    }
  }

  function chooseCoin(value: string): Promise<void> {
    if (locked()) return Promise.resolve();
    const currency = value === '' ? null : value;
    step({ type: 'select', currency });
    set({ missing: null, failure: null });
    if (!currency || get().networksFor === currency) return Promise.resolve();
    networksLoading = loadNetworksOf(currency);
    return networksLoading;
  }

  async function loadNetworksOf(currency: string) {
    step({ type: 'start', action: 'fetchCoins' });
    try {
      const networks = await loadNetworks(api, currency);
      if (get().flow.currency !== currency) return; // a later choice won
      step({ type: 'fetchCoinsSuccess', coins: get().flow.coins, networks });
      set({ networksFor: currency });
      const quote = get().quote;
      const only = networks.length === 1 ? networks[0]?.network : undefined;
      // Back on the payment's own coin, its network comes back with it.
      const network = only ?? (quote?.currency === currency ? quote.network : undefined);
      if (network) step({ type: 'select', network });
    } catch (error) {
      if (get().flow.currency === currency) fail('fetchCoins', error, 'networks');
    }
  }

  function chooseNetwork(value: string) {
    if (locked()) return;
    step({ type: 'select', network: value === '' ? null : value });
    set({ missing: null });
  }

  return { start, chooseCoin, chooseNetwork, networksLoaded: () => networksLoading };
}
