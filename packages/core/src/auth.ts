import type { Session } from './profile';
import type { CatalogKey } from './i18n/index';

// Every call of the first screen sends the auth header; the login rules belong to the wallet.
export { authHeaders } from './authHeaders';

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

/** Also how recent "active" is. */
const LOGIN_REFRESH_BEFORE_MS = 2 * 60 * 1000;
const PAYER_ACTIVE_WITHIN_MS = 5 * 60 * 1000;

/** Only for a payer still at the screen, so an abandoned frame lets the login end. */
export function shouldRefreshLogin(expiresAt: number | null, now: number, lastActivityAt: number): boolean {
  if (expiresAt === null || expiresAt <= now) return false;
  return expiresAt - now <= LOGIN_REFRESH_BEFORE_MS && now - lastActivityAt <= PAYER_ACTIVE_WITHIN_MS;
}
