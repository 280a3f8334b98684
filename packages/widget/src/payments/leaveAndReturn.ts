import type { PaymentMethodId } from '@pasarela/core';
import { withStickyParams } from '../services/route';
import { formPathOf } from './pendingAddress';

// Some payments leave the widget for an outside page (a card's 3DS challenge, the bank's Clave page)
// and come back in a new page load. What the result message needs travels two ways: in sessionStorage
// when the browser lets the frame keep it, and in the return address (a cross-site frame often gets
// no storage at all).

const KEY_PREFIX = 'pasarela.return.';
/** Query mark on the return address: the form's address, to go back to after a refusal. */
export const FROM_PARAM = 'from';
/** Query parameter our own (sandbox) outside pages read to know where to send the payer back. */
export const RETURN_TO_PARAM = 'returnTo';

export interface PendingReturn {
  /** The form's address, to return to after a refusal ('' when unknown). */
  formPath: string;
  email: string;
  returnUrl: string;
}

export function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

export function saveReturn(storage: Storage | null, method: PaymentMethodId, pending: PendingReturn): void {
  try {
    storage?.setItem(KEY_PREFIX + method, JSON.stringify(pending));
  } catch {
    // The return address carries what matters.
  }
}

/** Reads and forgets the stored return, so one trip outside reports one result. */
export function takeReturn(storage: Storage | null, method: PaymentMethodId): PendingReturn | null {
  try {
    const raw = storage?.getItem(KEY_PREFIX + method);
    storage?.removeItem(KEY_PREFIX + method);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingReturn>;
    if (typeof value.formPath !== 'string' || !isLocalPath(value.formPath)) return null;
    return {
      formPath: value.formPath,
      email: typeof value.email === 'string' ? value.email : '',
      returnUrl: typeof value.returnUrl === 'string' ? value.returnUrl : '',
    };
  } catch {
    return null;
  }
}

/** What the return address itself says (when storage was lost): the form's address, if it is ours. */
export function returnFromAddress(url: URL): PendingReturn {
  const from = url.searchParams.get(FROM_PARAM) ?? '';
  return { formPath: isLocalPath(from) ? from : '', email: '', returnUrl: '' };
}

/**
 * Query mark our own (sandbox) bank and 3DS pages put on the return address when the payer closed
 * them with the checkout's X or Escape: the page called the payment off; the return reports it and
 * closes the checkout.
 */
export const CLOSE_PARAM = 'close';

/** Whether this return was the payer closing the outside page (CLOSE_PARAM). */
export function closedOutside(url: URL): boolean {
  return url.searchParams.get(CLOSE_PARAM) === '1';
}

/** Query parameter our own (sandbox) bank and 3DS pages read for the checkout's colour scheme. */
export const THEME_PARAM = 'theme';

/** The scheme the checkout is painted in when its appearance set one (on the root's color-scheme); else undefined. */
export function shownScheme(root: HTMLElement | undefined = globalThis.document?.documentElement): 'light' | 'dark' | undefined {
  const scheme = root?.style.colorScheme;
  return scheme === 'light' || scheme === 'dark' ? scheme : undefined;
}

/**
 * The outside page's address with where to come back to: `backPath` on this origin, keeping
 * parentOrigin and lang and marked with the form's address, and the checkout's colour scheme when
 * it shows one. Only the sandbox's pages are given them: the simulated issuer's and bank's, on
 * their own origin, ask for them with an empty returnTo in their address (a page on this origin
 * too); any other page is left as it is.
 */
export function leaveAddress(outsideUrl: string, backPath: string, current: URL, scheme: 'light' | 'dark' | undefined = shownScheme()): string {
  const target = new URL(outsideUrl, current);
  if (target.origin !== current.origin && target.searchParams.get(RETURN_TO_PARAM) !== '') return target.href;
  // Our bank and 3DS pages follow the device's scheme, or the one the payer's checkout shows.
  if (scheme) target.searchParams.set(THEME_PARAM, scheme);
  const back = new URL(withStickyParams(backPath, current), current);
  // The form as it was, without the waiting payment its address carries for Back (pendingAddress).
  back.searchParams.set(FROM_PARAM, formPathOf(current));
  target.searchParams.set(RETURN_TO_PARAM, back.pathname + back.search);
  return target.href;
}
