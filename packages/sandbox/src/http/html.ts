/** Escapes text for HTML element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The return address's mark (and the issuer's and bank's pages' field) asking the checkout to close
 * after the payer closed that page with the checkout's X or Escape (packages/simulator/src/pages).
 */
export const BANK_PAGE_CLOSE_FIELD = 'close';

/** The address the page goes back to, marked so the checkout closes there when the payer closed the page. */
export function withCloseMark(address: string, form: Record<string, unknown>): string {
  if (form[BANK_PAGE_CLOSE_FIELD] !== '1') return address;
  const url = new URL(address, 'http://sandbox.invalid');
  url.searchParams.set(BANK_PAGE_CLOSE_FIELD, '1');
  return url.pathname + url.search + url.hash;
}
