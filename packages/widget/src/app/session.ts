/** SPEC 3 "Session (local storage under a widget key): sessionId, token, user.idUsr." */
export const SESSION_STORAGE_KEY = 'pasarela.widget.session';

/** SPEC 3 "On success in the widget the stored session is cleared." */
export function clearSession(storage: Storage | null): void {
  try {
    storage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Blocked storage holds no session to clear.
  }
}
