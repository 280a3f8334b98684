import { BANK_PAGE_CLOSE_FIELD } from '@pasarela/core';

/** The address the page goes back to, marked so the checkout closes there when the payer closed the page. */
export function withCloseMark(address: string, form: Record<string, unknown>): string {
  if (form[BANK_PAGE_CLOSE_FIELD] !== '1') return address;
  const url = new URL(address, 'http://sandbox.invalid');
  url.searchParams.set(BANK_PAGE_CLOSE_FIELD, '1');
  return url.pathname + url.search + url.hash;
}
