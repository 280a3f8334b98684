// SPEC 2 "Routes (exact match)": the paths this slice answers, as a pure function of the URL.

/** The payment types this slice can load (SPEC 2 "Widget payment types"; subs and ps come later). */
export type CheckoutType = 'lk' | 'slug' | 'slugCode';

export type Route =
  | { name: 'checkout'; type: CheckoutType; code: string }
  | { name: 'receipt'; codOper: string }
  | { name: 'responseMessage'; code: string }
  | { name: 'notFound' }
  /** Not a screen: the router replaces the address with `to` and routes again. */
  | { name: 'redirect'; to: string };

export const NOT_FOUND_PATH = '/404';
export const RECEIPT_PATH = '/pf/default-receipt/';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.~-]{0,127}$/;
/** First path segments owned by the server or by SPEC's fixed routes, never a merchant slug. */
const RESERVED = new Set(['pf', 'api', 'sdk', 'widget', 'images', 'sandbox', 'stationPayment', '404', 'receive']);

function isSlug(segment: string | undefined): segment is string {
  return segment !== undefined && SEGMENT.test(segment) && !RESERVED.has(segment);
}

function decodeSegments(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter((s) => s !== '').map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

/** `/pf/widget?type=...&code=...`: a missing code or type goes to /404 (SPEC 2). */
function widgetEntry(params: URLSearchParams): Route {
  const type = params.get('type');
  const code = params.get('code')?.trim() ?? '';
  const slug = params.get('slug')?.trim() ?? '';
  if (type === 'lk' && SEGMENT.test(code)) return { name: 'checkout', type, code };
  if (type === 'slug') {
    const value = slug || code;
    if (isSlug(value)) return { name: 'checkout', type, code: value };
  }
  if (type === 'slugCode') {
    // Either code=slug/code or slug=...&code=...
    const [first, second, extra] = slug ? [slug, code, undefined] : code.split('/');
    if (isSlug(first) && second !== undefined && SEGMENT.test(second) && extra === undefined) {
      return { name: 'checkout', type, code: `${first}/${second}` };
    }
  }
  return { name: 'notFound' };
}

export function parseRoute(url: URL): Route {
  const segments = decodeSegments(url.pathname);
  if (segments === null) return { name: 'notFound' };
  const params = url.searchParams;
  const [first, second, third] = segments;

  if (first === 'pf') {
    if (second === 'widget' && segments.length === 2) return widgetEntry(params);
    if (second === 'responseMessage' && (segments.length === 2 || (segments.length === 3 && third === 'session'))) {
      return { name: 'responseMessage', code: params.get('code') ?? '' };
    }
    if (second === 'default-receipt' && segments.length === 3 && third !== undefined) {
      if (third === 'processing') {
        // SPEC 2: reads Oper and redirects to the receipt; with no Oper it goes to /404.
        const oper = params.get('Oper')?.trim() ?? '';
        return SEGMENT.test(oper) ? { name: 'redirect', to: RECEIPT_PATH + encodeURIComponent(oper) } : { name: 'notFound' };
      }
      if (SEGMENT.test(third)) return { name: 'receipt', codOper: third };
    }
    return { name: 'notFound' };
  }
  if (segments.length === 0) {
    // The main checkout page takes a link code in the query, as the widget entry does.
    return params.has('code') ? widgetEntry(new URLSearchParams({ type: params.get('type') ?? 'lk', code: params.get('code') ?? '' })) : { name: 'notFound' };
  }
  if (segments.length === 1 && isSlug(first)) return { name: 'checkout', type: 'slug', code: first };
  if (segments.length === 2 && isSlug(first) && second !== undefined) {
    if (second === 'receive') {
      const oper = params.get('Oper') ?? params.get('codOper') ?? '';
      return SEGMENT.test(oper) ? { name: 'receipt', codOper: oper } : { name: 'notFound' };
    }
    if (SEGMENT.test(second)) return { name: 'checkout', type: 'slugCode', code: `${first}/${second}` };
  }
  return { name: 'notFound' };
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
