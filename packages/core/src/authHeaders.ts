import type { Session } from './profile';

// Apart from auth.ts: a module loads whole with the first screen's code.

interface ApiKeys {
  clientKey: string;
  widgetKey: string;
}

export function authHeaders(session: Pick<Session, 'token'> | null | undefined, keys: ApiKeys): Record<string, string> {
  const token = session?.token?.trim();
  if (!token) return { 'x-api-key': keys.clientKey };
  return { 'x-api-key': keys.widgetKey, Authorization: `Bearer ${token}` };
}
