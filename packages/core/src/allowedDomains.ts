/**
 * SPEC 4 "Gateway/merchant service": domainValidation. A merchant with it takes payments only from
 * pages on its allowed domains: a page (an origin, a URL or a host) is allowed when its host is one of them or a subdomain of one,
 * in any case (`shop.example` allows `shop.example` and `pay.shop.example`, never `badshop.example`).
 * A port on either side is not compared: the browser holds a frame to the port its policy names.
 */
export function isAllowedPage(allowedDomains: readonly unknown[], page: string): boolean {
  const wanted = hostOfPage(page);
  if (wanted === '') return false;
  return allowedDomains.some((domain) => {
    if (typeof domain !== 'string') return false;
    const allowed = hostOfPage(domain);
    return allowed !== '' && (wanted === allowed || wanted.endsWith(`.${allowed}`));
  });
}

/** The host a page names (an origin, a URL or a bare host, as a card payment's `domainRequested` carries it), without port. */
export function hostOfPage(page: string): string {
  return page.trim().toLowerCase().replace(/^https?:\/\//, '').split(/[/:?#]/)[0] ?? '';
}
