const IDLE_TIMEOUT_MS = 300;

/** The captcha, the messaging code and other later work wait until the card form answers the payer. Outside a browser it never resolves. */
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
