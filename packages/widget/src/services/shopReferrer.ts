const KEY = 'pasarela.shopReferrer';

/*
 * The referrer a full page's way out reads ("Volver a la tienda": ui/WayOut.tsx). The checkout's form
 * remembers, for its tab, the page that sent the payer to it (or that none did); the tab's later pages
 * read that one. A receipt the issuer's 3DS page or the bank's page sends the payer back to has that
 * page's address for referrer, or none, and its way out would lead back to the bank.
 */

/**
 * Called by the checkout's form, in a page loaded on it: not by one a refused return (a page loaded
 * from the bank) leads to, whose referrer is the bank's.
 */
export function rememberShopReferrer(referrer: string, session: Storage | null, at: URL, loadedAt = loadedAddress()): void {
  if (loadedAt !== null && loadedAt.pathname !== at.pathname) return;
  try {
    session?.setItem(KEY, referrer);
  } catch {
  }
}

/** The page's own referrer where no checkout form of this tab remembered one. */
export function shopReferrerOf(referrer: string, session: Storage | null): string {
  try {
    return session?.getItem(KEY) ?? referrer;
  } catch {
    return referrer;
  }
}

function loadedAddress(): URL | null {
  const [entry] = typeof performance === 'undefined' ? [] : performance.getEntriesByType('navigation');
  return entry?.name ? new URL(entry.name) : null;
}
