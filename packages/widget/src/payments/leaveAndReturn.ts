import { MODAL_PARAM, type PaymentMethodId } from '@pasarela/core';
import { withStickyParams } from '../services/route';
import { formPathOf } from './pendingAddress';
import { returnMemory, type PendingReturn } from '../services/tabMemory';

// What the result message needs travels in the tab's memory when allowed, and in the return address (a cross-site frame often gets no storage).

export const FROM_PARAM = 'from';
export const RETURN_TO_PARAM = 'returnTo';

function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

export function saveReturn(storage: Storage | null, method: PaymentMethodId, pending: PendingReturn): void {
  returnMemory(method).set(storage, pending);
}

/** Forgets it, so one trip outside reports one result. */
export function takeReturn(storage: Storage | null, method: PaymentMethodId): PendingReturn | null {
  const kept = returnMemory(method);
  const pending = kept.get(storage);
  kept.forget(storage);
  return pending && isLocalPath(pending.formPath) ? pending : null;
}

export function returnFromAddress(url: URL): PendingReturn {
  const from = url.searchParams.get(FROM_PARAM) ?? '';
  return { formPath: isLocalPath(from) ? from : '', email: '', returnUrl: '' };
}

/** Our own (sandbox) bank and 3DS pages mark a close by X or Escape: the payment was called off, the checkout closes. */
export const CLOSE_PARAM = 'close';

export function closedOutside(url: URL): boolean {
  return url.searchParams.get(CLOSE_PARAM) === '1';
}

export const THEME_PARAM = 'theme';

export function shownScheme(root: HTMLElement | undefined = globalThis.document?.documentElement): 'light' | 'dark' | undefined {
  const scheme = root?.style.colorScheme;
  return scheme === 'light' || scheme === 'dark' ? scheme : undefined;
}

/** Only the sandbox's own issuer and bank pages ask for a return address (an empty returnTo); any other page is left as it is. */
export function leaveAddress(outsideUrl: string, backPath: string, current: URL, scheme: 'light' | 'dark' | undefined = shownScheme()): string {
  const target = new URL(outsideUrl, current);
  if (target.origin !== current.origin && target.searchParams.get(RETURN_TO_PARAM) !== '') return target.href;
  // Our bank and 3DS pages follow the device's scheme, or the one the payer's checkout shows.
  if (scheme) target.searchParams.set(THEME_PARAM, scheme);
  // In the shop's modal dialog they keep Tab going round inside the frame, as the checkout does.
  if (current.searchParams.get(MODAL_PARAM) === '1') target.searchParams.set(MODAL_PARAM, '1');
  const back = new URL(withStickyParams(backPath, current), current);
  // The form as it was, without the waiting payment its address carries for Back (pendingAddress).
  back.searchParams.set(FROM_PARAM, formPathOf(current));
  target.searchParams.set(RETURN_TO_PARAM, back.pathname + back.search);
  return target.href;
}
