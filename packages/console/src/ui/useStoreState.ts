import { useSyncExternalStore } from 'react';
import type { StoreApi } from 'zustand/vanilla';

/** The thin React side of a vanilla store: re-render when its state changes. */
export function useStoreState<T>(store: StoreApi<T>): T {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
