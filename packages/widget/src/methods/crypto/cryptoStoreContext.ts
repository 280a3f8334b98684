import { createStore, type StoreApi } from 'zustand/vanilla';
import { cryptoFailure, cryptoReducer, initialCryptoState, payerMessage, type CryptoAction, type CryptoActionName, type PayerMessage } from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import type { CryptoPaymentDeps, CryptoScreenActions, CryptoScreenState } from './cryptoScreenState';

export type CryptoRetry = 'coins' | 'networks' | 'update';

export interface CryptoStoreContext {
  state: StoreApi<CryptoScreenState>;
  get(): CryptoScreenState;
  set(partial: Partial<CryptoScreenState>): void;
  step(action: CryptoAction): void;
  fail(action: CryptoActionName, error: unknown, failed: CryptoRetry | null, message?: PayerMessage): void;
  payment: CryptoPaymentDeps;
  api: ApiClient;
  /** An answer for another pair is from before a change. */
  expected: { currency: string; network: string } | null;
  updating: boolean;
  lastFailed: CryptoRetry | null;
  /** This tab's own call reports the result, not the watcher that may see it first. */
  cancellingHere: boolean;
}

export function createCryptoStoreContext(payment: CryptoPaymentDeps, api: ApiClient, actions: CryptoScreenActions): CryptoStoreContext {
  const state = createStore<CryptoScreenState>()(() => ({
    flow: initialCryptoState, quote: null, requoted: false, failure: null, missing: null, updating: false, networksFor: null,
    confirmingCancel: false, cancelling: false, cancelled: null,
    ...actions,
  }));
  const context: CryptoStoreContext = {
    state,
    get: state.getState,
    set: (partial) => state.setState(partial),
    step: (action) => state.setState({ flow: cryptoReducer(state.getState().flow, action) }),
    fail: (action, error, failed, message = payerMessage(error)) => {
      context.step({ type: 'failure', action, ...cryptoFailure(error) });
      context.lastFailed = failed;
      state.setState({ failure: message });
    },
    payment,
    api,
    expected: null,
    updating: false,
    lastFailed: null,
    cancellingHere: false,
  };
  return context;
}
