import type { Session } from './profile';

// SPEC 7's auth header, a module apart from the wallet's login rules (auth.ts), which only the wallet's
// screens use: a module is loaded whole with the first screen's code.

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
