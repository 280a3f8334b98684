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

import { MODAL_PARAM } from '@pasarela/core';

/** What the frame is for its whole life, kept on every address it moves to (a 3DS or bank return included): the shop's origin, the language, and being the shop's modal dialog (Tab kept inside). */
export const STICKY_PARAMS = ['parentOrigin', 'lang', MODAL_PARAM] as const;

export function withStickyParams(path: string, current: URL): string {
  const next = new URL(path, current.origin);
  for (const name of STICKY_PARAMS) {
    const value = current.searchParams.get(name);
    if (value !== null && !next.searchParams.has(name)) next.searchParams.set(name, value);
  }
  return next.pathname + next.search;
}
