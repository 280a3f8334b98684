import type { Session } from './profile';
import type { CatalogKey } from './i18n/index';

// SPEC 6/7 auth header rule and SPEC 4 "Login: loading, then success (session stored) or error.
// Logout clears user and login state. On a session-type server error the stored login is cleared."

// The auth header (authHeaders.ts): every call of the checkout's first screen sends it; the login
// rules below belong to the wallet's screens.
export { authHeaders } from './authHeaders';
export type { ApiKeys } from './authHeaders';

export interface LoginState {
  status: 'idle' | 'loading' | 'success' | 'error';
  session: Session | null;
  /** SPEC 8 "Login ... errors store their message in their own state." */
  error: CatalogKey | null;
}
export type LoginAction =
  | { type: 'request' }
  | { type: 'success'; session: Session }
  | { type: 'failure'; error: CatalogKey }
  | { type: 'logout' }
  | { type: 'sessionExpired' };

export const initialLoginState: LoginState = { status: 'idle', session: null, error: null };

/** The widget stores `session` whenever it changes and removes it when it becomes null. */
export function loginReducer(state: LoginState, action: LoginAction): LoginState {
  switch (action.type) {
    case 'request':
      return { ...state, status: 'loading', error: null };
    case 'success':
      return { status: 'success', session: action.session, error: null };
    case 'failure':
      return { status: 'error', session: null, error: action.error };
    case 'logout':
      return initialLoginState;
    case 'sessionExpired':
      return { status: 'idle', session: null, error: 'session_expired' };
  }
}

/** SPEC 6 "Login rejects employee accounts with the error Invalid User." */
export function isEmployeeLoginRejected(error: { code?: unknown } | null | undefined): boolean {
  return error?.code === 'Invalid User';
}

/** How long before a login lapses the widget renews it, and how recent "active" is. */
const LOGIN_REFRESH_BEFORE_MS = 2 * 60 * 1000;
const PAYER_ACTIVE_WITHIN_MS = 5 * 60 * 1000;

/**
 * SPEC 7 "GET refresh login": renew a login about to lapse, but only for a payer still at the
 * screen (a pointer or key in the last few minutes), so an abandoned frame lets it end.
 */
export function shouldRefreshLogin(expiresAt: number | null, now: number, lastActivityAt: number): boolean {
  if (expiresAt === null || expiresAt <= now) return false;
  return expiresAt - now <= LOGIN_REFRESH_BEFORE_MS && now - lastActivityAt <= PAYER_ACTIVE_WITHIN_MS;
}
