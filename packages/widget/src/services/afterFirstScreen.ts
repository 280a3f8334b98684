/** How long work the first screen does not need may wait for the browser to be idle. */
const IDLE_TIMEOUT_MS = 300;

/**
 * Resolves once the browser is idle after the next paint (at most IDLE_TIMEOUT_MS later): the
 * captcha, the messaging code and other work the first screen does not need wait until the card
 * form is on screen and answering the payer. Outside a browser it never resolves.
 */
export function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    // Rendered on the server (prerender.tsx) there is no screen: that work is the browser's.
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 0);
    });
  });
}
