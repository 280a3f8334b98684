import { createStore, type StoreApi } from 'zustand/vanilla';
import { readSession, SESSION_STORAGE_KEY, type Session } from '@pasarela/core';

export interface StoredLogin {
  session: Session;
  /** ms since epoch; null when the server did not say. */
  expiresAt: number | null;
}

export interface SessionState {
  login: StoredLogin | null;
  expired: boolean;
  set(login: StoredLogin): void;
  clear(reason?: 'logout' | 'expired'): void;
}
export type SessionStore = StoreApi<SessionState>;

function readStored(storage: Storage | null): StoredLogin | null {
  try {
    const text = storage?.getItem(SESSION_STORAGE_KEY) ?? null;
    const session = readSession(text);
    if (!session || !text) return null;
    const expiresAt = (JSON.parse(text) as { expiresAt?: unknown }).expiresAt;
    return { session, expiresAt: typeof expiresAt === 'number' ? expiresAt : null };
  } catch {
    return null;
  }
}

function write(storage: Storage | null, login: StoredLogin | null): void {
  try {
    if (login) storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...login.session, expiresAt: login.expiresAt }));
    else storage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Blocked or full storage: the login lives in this store, in memory, for the frame's life.
  }
}

/** Where the frame has no storage it still works for the frame's life. */
export function createSessionStore(storage: Storage | null): SessionStore {
  const store = createStore<SessionState>()((set) => ({
    login: readStored(storage),
    expired: false,
    set: (login) => {
      write(storage, login);
      set({ login, expired: false });
    },
    clear: (reason = 'logout') => {
      write(storage, null);
      set({ login: null, expired: reason === 'expired' });
    },
  }));
  return store;
}

/** The next visit starts as a guest; this frame keeps it (its receipt is the user's). */
export function clearSession(storage: Storage | null): void {
  try {
    storage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
  }
}
