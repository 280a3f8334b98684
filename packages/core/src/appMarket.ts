// SPEC 2 market page; SPEC names no stores: placeholder listings until the app is published.

export const APP_STORE_LINKS = {
  ios: 'https://apps.apple.com/pa/app/pasarela-wallet/id0000000000',
  android: 'https://play.google.com/store/apps/details?id=com.pasarela.wallet',
} as const;
export type AppMarket = keyof typeof APP_STORE_LINKS;

export function appMarketOf(userAgent: string): AppMarket | null {
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && /Mobile/.test(userAgent))) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return null;
}

export function appMarketsFor(userAgent: string): AppMarket[] {
  const own = appMarketOf(userAgent);
  return own === 'android' ? ['android', 'ios'] : ['ios', 'android'];
}
