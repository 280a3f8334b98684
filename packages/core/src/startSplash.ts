/**
 * SPEC 2's 3-second splash, read as the app's start (docs/spec-decisions.md): once per page visit,
 * never on a reopen nor on a return from a bank's or 3DS page.
 */

export const REOPEN_PARAM = 'reopen';

const RETURN_PARAMS = [REOPEN_PARAM, 'from', 'pending'] as const;

const RETURN_PATHS: readonly string[] = ['/pf/widget/returnclave', '/pf/widget/returnclavesdk', '/pf/default-receipt/processing'];

export function splashMsFor(url: URL, configuredMs: number): number {
  if (RETURN_PATHS.includes(url.pathname)) return 0;
  return RETURN_PARAMS.some((name) => url.searchParams.has(name)) ? 0 : configuredMs;
}
