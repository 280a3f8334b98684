// SPEC 2 route helpers shared by the route table (routes.ts) and the screens.

export const NOT_FOUND_PATH = '/404';
export const RECEIPT_PATH = '/pf/default-receipt/';

export { SEGMENT, isSlug } from '@pasarela/core';

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
