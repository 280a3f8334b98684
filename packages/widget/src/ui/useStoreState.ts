import { useSyncExternalStore } from 'react';
import type { StoreApi } from 'zustand/vanilla';

export function useStoreState<T>(store: StoreApi<T>): T {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
