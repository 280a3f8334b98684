import { formEntriesMemory, shopReferrerMemory } from './tabMemory';

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
export function rememberShopReferrer(referrer: string, session: Storage | null, at: URL, loadedAt = loadedAddress(), entries = historyLength()): void {
  if (loadedAt !== null && loadedAt.pathname !== at.pathname) return;
  shopReferrerMemory.set(session, referrer);
  // The tab's history as the form found it: the pages before the form, which a later page steps back to.
  if (entries > 0) formEntriesMemory.set(session, entries);
}

/**
 * Where a full page's "back" leads when it knows no shop: to the page the tab showed before the
 * checkout's form, however many pages (a 3DS or a bank's page, the receipt) came after it; `null`
 * when the form was the tab's first page (nothing before it to go back to); `undefined` when no
 * form of this tab remembered its place (the page's own previous one is meant).
 */
export function stepsBeforeForm(session: Storage | null, length: number): number | null | undefined {
  const entries = formEntriesMemory.get(session);
  if (entries === null || entries > length) return undefined;
  return entries === 1 ? null : entries - 1 - length;
}

/** The page's own referrer where no checkout form of this tab remembered one. */
export function shopReferrerOf(referrer: string, session: Storage | null): string {
  return shopReferrerMemory.get(session) ?? referrer;
}

function historyLength(): number {
  return typeof history === 'undefined' ? 0 : history.length;
}

function loadedAddress(): URL | null {
  const [entry] = typeof performance === 'undefined' ? [] : performance.getEntriesByType('navigation');
  return entry?.name ? new URL(entry.name) : null;
}
