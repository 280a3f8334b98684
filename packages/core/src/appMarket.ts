// SPEC 2 "/pf/deeplink/market: App-store deep link page". SPEC names no store addresses: these are
// the wallet app's listings (placeholders until the app is published), one per store.

export const APP_STORE_LINKS = {
  ios: 'https://apps.apple.com/pa/app/pasarela-wallet/id0000000000',
  android: 'https://play.google.com/store/apps/details?id=com.pasarela.wallet',
} as const;
export type AppMarket = keyof typeof APP_STORE_LINKS;

/** The store the payer's device installs from, by its user agent; null on a computer (both are offered). */
export function appMarketOf(userAgent: string): AppMarket | null {
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && /Mobile/.test(userAgent))) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return null;
}

/** The stores in the order the page offers them: the device's own first. */
export function appMarketsFor(userAgent: string): AppMarket[] {
  const own = appMarketOf(userAgent);
  return own === 'android' ? ['android', 'ios'] : ['ios', 'android'];
}
