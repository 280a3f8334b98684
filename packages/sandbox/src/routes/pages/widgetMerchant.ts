import { checkoutEntry, isSlug, SEGMENT } from '@pasarela/core';
import type { Queryable } from '../../db/Database';
import { merchantOfCheckoutTarget, type CheckoutTarget } from '../../payments/checkoutTarget';
import type { MerchantRow } from '../../store/merchants';
import { checkoutOfAddress } from './firstScreen';

const WALLET_PAGES = new Set(['login', 'signup', 'recoverypassword', 'home', 'addcard', 'qrsuccess']);

/** A wallet page's `next` as the widget follows it (its safeNext): a path of this origin, or nothing. */
function nextAddress(params: URLSearchParams): URL | undefined {
  const next = params.get('next');
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return undefined;
  try {
    return new URL(next, 'http://checkout.invalid');
  } catch {
    return undefined;
  }
}

/**
 * What the page at this address will load of a merchant, read as the widget's route table reads it:
 * a checkout (core checkoutEntry), an e-mailed request, a link's or subscription's receipt or message
 * page, or, for a wallet page, the page its `next` opens in the same document after the login.
 */
export function pageTargetOf(path: string, params: URLSearchParams, followNext = true): CheckoutTarget[] {
  const checkout = checkoutOfAddress(path, params);
  if (checkout) return [checkout];
  let segments: string[];
  try {
    segments = path.split('/').filter((s) => s !== '').map((s) => decodeURIComponent(s));
  } catch {
    return [];
  }
  const [first, second, third] = segments;
  const code = params.get('code')?.trim() ?? '';
  if (segments.length === 2 && first === 'pf' && second === 'emailPayment') return SEGMENT.test(code) ? [{ type: 'emailPayment', code }] : [];
  // An expired or paid link's message page names its shop (GET payment-info/shop).
  if (first === 'pf' && second === 'responseMessage') {
    const entry = checkoutEntry(new URLSearchParams({ type: params.get('type') || 'lk', code: params.get('link') ?? '' }));
    return entry ? [entry] : [];
  }
  // /{slug}/receive: a link's slug, or a subscription's key.
  if (segments.length === 2 && isSlug(first) && second === 'receive') return [{ type: 'slug', code: first }, { type: 'subs', code: first }];
  if (followNext && segments.length === 3 && first === 'pf' && second === 'widget' && WALLET_PAGES.has(third ?? '')) {
    const next = nextAddress(params);
    return next ? pageTargetOf(next.pathname, next.searchParams, false) : [];
  }
  return [];
}

/** The merchant whose checkout (or receipt) a widget page shows, found as the page's own calls find it. */
export async function widgetMerchant(db: Queryable, path: string, params: URLSearchParams): Promise<MerchantRow | undefined> {
  for (const target of pageTargetOf(path, params)) {
    const merchant = await merchantOfCheckoutTarget(db, target);
    if (merchant) return merchant;
  }
  return undefined;
}
