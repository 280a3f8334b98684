// SPEC 2 route helpers shared by the route table (routes.ts) and the screens.

export const NOT_FOUND_PATH = '/404';
export const RECEIPT_PATH = '/pf/default-receipt/';

export const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.~-]{0,127}$/;
/** First path segments owned by the server or by SPEC's fixed routes, never a merchant slug. */
const RESERVED = new Set(['pf', 'api', 'sdk', 'widget', 'images', 'sandbox', 'stationPayment', '404', 'receive']);

export function isSlug(segment: string | undefined): segment is string {
  return segment !== undefined && SEGMENT.test(segment) && !RESERVED.has(segment);
}

export function decodeSegments(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter((s) => s !== '').map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

/** Query parameters that travel with every in-app navigation (embedding and language). */
export const STICKY_PARAMS = ['parentOrigin', 'lang'] as const;

/** Builds an in-app address keeping the sticky parameters of the current one. */
export function withStickyParams(path: string, current: URL): string {
  const next = new URL(path, current.origin);
  for (const name of STICKY_PARAMS) {
    const value = current.searchParams.get(name);
    if (value !== null && !next.searchParams.has(name)) next.searchParams.set(name, value);
  }
  return next.pathname + next.search;
}
