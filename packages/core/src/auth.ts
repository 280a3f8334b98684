import type { Session } from './profile';

// SPEC 6/7 auth header rule and SPEC 4 "Login: loading, then success (session stored) or error.
// Logout clears user and login state. On a session-type server error the stored login is cleared."

export interface ApiKeys {
  /** Fixed client key guests send. */
  clientKey: string;
  /** Widget key a logged-in wallet user sends with the token. */
  widgetKey: string;
}

/** SPEC 7 "The auth header carries a fixed client key or, when logged in, the widget key plus the user's token." */
export function authHeaders(session: Pick<Session, 'token'> | null | undefined, keys: ApiKeys): Record<string, string> {
  const token = session?.token?.trim();
  if (!token) return { 'x-api-key': keys.clientKey };
  return { 'x-api-key': keys.widgetKey, Authorization: `Bearer ${token}` };
}

export interface LoginState {
  status: 'idle' | 'loading' | 'success' | 'error';
  session: Session | null;
  /** SPEC 8 "Login ... errors store their message in their own state." */
  error: string | null;
}
export type LoginAction =
  | { type: 'request' }
  | { type: 'success'; session: Session }
  | { type: 'failure'; error: string }
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
