/**
 * How long SPEC 2's splash has been running when the app starts, in ms. Its 3000 ms are the app's
 * first 3 s, counted from the page's start (its navigation, which the payer's click on Pay begins:
 * `performance.now()` is 0 there): the form shows 3 s after the payer asked for the checkout, not
 * 3 s plus the page's load. A page whose start shows the splash draws it from its first paint,
 * before this script runs (the server marks its root `data-splash`; styles.css), its bar already as
 * far along as that clock. 0 when the page drew no splash (the splash then counts from now).
 */
export function splashShownMs(root: Element | null, timing: Pick<Performance, 'now'> = performance): number {
  return root?.hasAttribute('data-splash') ? Math.max(0, timing.now()) : 0;
}
