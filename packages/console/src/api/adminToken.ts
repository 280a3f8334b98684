/** Where the console keeps the admin token for this tab: gone when the tab closes. */
export const ADMIN_TOKEN_KEY = 'pasarela-console-token';

function readStored(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(ADMIN_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Keeps the token for this tab; a tab denied storage keeps it in memory (this page) only. */
export function saveAdminToken(storage: Pick<Storage, 'setItem'> | null, token: string): void {
  try {
    storage?.setItem(ADMIN_TOKEN_KEY, token);
  } catch {
    // storage denied: the token lives as long as the page
  }
}

/**
 * The token the console sends as `Authorization: Bearer`: from the address's fragment
 * (`/sandbox/console#token=...`, what the start banner prints; a fragment never reaches a server or
 * a Referer), which is then wiped from the address bar, or from this tab's session storage.
 */
export function takeAdminToken(
  location: Pick<Location, 'hash' | 'pathname' | 'search'>,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  replaceUrl: (url: string) => void,
): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  if (fromHash) {
    saveAdminToken(storage, fromHash);
    replaceUrl(`${location.pathname}${location.search}`);
    return fromHash;
  }
  return readStored(storage);
}
