/**
 * The splash's 3 s count from the page's start (the payer's click), not from this script: the server
 * marks the root `data-splash` and the page draws it from first paint. 0 when the page drew none.
 */
export function splashShownMs(root: Element | null, timing: Pick<Performance, 'now'> = performance): number {
  return root?.hasAttribute('data-splash') ? Math.max(0, timing.now()) : 0;
}
