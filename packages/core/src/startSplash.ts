/**
 * SPEC 2 "A splash screen with a logo and a progress bar shows for 3 seconds at start", read as the
 * app's start (docs/spec-decisions.md): once per page visit of the loader, and on a full page's cold
 * start; never on a reopen of the checkout in the same page, nor on a page the payer comes back to
 * from an outside page (a bank's or a 3DS challenge's) or Back from one.
 */

/** The loader's mark on a checkout it opens again in the same page visit (the splash showed on the first). */
export const REOPEN_PARAM = 'reopen';

/**
 * Marks of an address the payer comes back to: `from` (the return from a 3DS challenge or the bank,
 * payments/leaveAndReturn) and `pending` (Back from the bank's page, payments/pendingAddress).
 */
const RETURN_PARAMS = [REOPEN_PARAM, 'from', 'pending'] as const;

/** The widget routes a bank or a 3DS challenge sends the payer back to (SPEC 2 /pf/widget/returnclave, returnclavesdk, /pf/default-receipt/processing). */
const RETURN_PATHS: readonly string[] = ['/pf/widget/returnclave', '/pf/widget/returnclavesdk', '/pf/default-receipt/processing'];

/** How long the splash shows for the page at `url`, given the configured length: 0 when this is not the app's start. */
export function splashMsFor(url: URL, configuredMs: number): number {
  if (RETURN_PATHS.includes(url.pathname)) return 0;
  return RETURN_PARAMS.some((name) => url.searchParams.has(name)) ? 0 : configuredMs;
}
