import { RECEIPT_PATH, withStickyParams } from '../../app/route';

// A 3DS challenge leaves the widget for the challenge page and comes back in a new page load.
// What the result message needs travels two ways: in sessionStorage when the browser lets the frame
// keep it, and in the return address (a cross-site frame often gets no storage at all).

const KEY = 'pasarela.card.3ds';
/** Query marks on the return address: this receipt ends a challenge started on `from`. */
export const CHALLENGE_PARAM = 'challenge';
export const FROM_PARAM = 'from';

export interface PendingChallenge {
  /** The form's address, to return to after a failed challenge. */
  formPath: string;
  email: string;
  returnUrl: string;
}

function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

export function saveChallenge(storage: Storage | null, pending: PendingChallenge): void {
  try {
    storage?.setItem(KEY, JSON.stringify(pending));
  } catch {
    // The return address carries what matters.
  }
}

/** Reads and forgets the stored challenge, so one challenge reports one result. */
export function takeChallenge(storage: Storage | null): PendingChallenge | null {
  try {
    const raw = storage?.getItem(KEY);
    storage?.removeItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingChallenge>;
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

/** The challenge marks of a receipt address, when it ends a challenge. */
export function challengeFromAddress(url: URL): PendingChallenge | null {
  if (url.searchParams.get(CHALLENGE_PARAM) !== '1') return null;
  const from = url.searchParams.get(FROM_PARAM) ?? '';
  return { formPath: isLocalPath(from) ? from : '', email: '', returnUrl: '' };
}

/**
 * The challenge page's address with where to come back to: the receipt, marked as the end of a
 * challenge, keeping parentOrigin and lang. Only our own (sandbox) challenge page is given one.
 */
export function challengeAddress(redirectUrl: string, codOper: string, current: URL): string {
  const target = new URL(redirectUrl, current);
  if (target.origin !== current.origin || codOper === '') return target.href;
  const back = new URL(withStickyParams(RECEIPT_PATH + encodeURIComponent(codOper), current), current);
  back.searchParams.set(CHALLENGE_PARAM, '1');
  back.searchParams.set(FROM_PARAM, current.pathname + current.search);
  target.searchParams.set('returnTo', back.pathname + back.search);
  return target.href;
}
