/**
 * How long SPEC 2's splash has been on screen when the app starts, in ms. A page whose start shows
 * the splash draws it from its first paint, before this script runs (the server marks its root
 * `data-splash`; styles.css), so the splash's 3000 ms count from that paint: the form shows 3 s after
 * the payer first saw the splash, not 3 s after the script arrived. 0 when the page drew no splash
 * or has not painted yet (the splash then counts from now).
 */
export function splashShownMs(root: Element | null, timing: Pick<Performance, 'now' | 'getEntriesByName'> = performance): number {
  if (!root?.hasAttribute('data-splash')) return 0;
  const painted = timing.getEntriesByName('first-paint')[0]?.startTime;
  return painted === undefined ? 0 : Math.max(0, timing.now() - painted);
}
