import { createStore, type StoreApi } from 'zustand/vanilla';
import { initialLoginState, loginReducer, type LoginAction, type LoginState } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import type { SessionStore } from '../services/session';
import { logIn } from './api';
import { walletMessageKey } from './walletMessage';

export interface LoginStoreState {
  login: LoginState;
  /** The password is sent once and kept nowhere. */
  submit(login: string, password: string): Promise<boolean>;
}
export type LoginStore = StoreApi<LoginStoreState>;

export function createLoginStore(deps: { api: ApiClient; session: SessionStore }): LoginStore {
  return createStore<LoginStoreState>()((set, get) => {
    const dispatch = (action: LoginAction) => set({ login: loginReducer(get().login, action) });
    return {
      login: initialLoginState,
      async submit(login, password) {
        if (get().login.status === 'loading') return false;
        dispatch({ type: 'request' });
        try {
          const stored = await logIn(deps.api, login, password);
          deps.session.getState().set(stored);
          dispatch({ type: 'success', session: stored.session });
          return true;
        } catch (error) {
          dispatch({ type: 'failure', error: walletMessageKey(error) });
          return false;
        }
      },
    };
  });
}
