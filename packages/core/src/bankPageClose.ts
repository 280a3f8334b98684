/**
 * The return address's mark (and the issuer's and bank's pages' field) asking the checkout to close
 * after the payer closed that page with the checkout's X or Escape (packages/simulator/src/pages).
 */
export const BANK_PAGE_CLOSE_FIELD = 'close';
