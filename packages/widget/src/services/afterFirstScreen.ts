const IDLE_TIMEOUT_MS = 300;
/**
 * A frame of another site that is off the shop's screen (an inline checkout below the fold) is given
 * no animation frames by Chromium until it is scrolled to: its start goes on without one by then.
 */
const NO_FRAME_MS = 200;

/** The first animation frame, or NO_FRAME_MS when the browser draws none (an off-screen frame). */
function nextFrame(then: () => void): void {
  let go = () => {
    go = () => undefined;
    then();
  };
  requestAnimationFrame(() => go());
  setTimeout(() => go(), NO_FRAME_MS);
}

/** The captcha, the messaging code and other later work wait until the card form answers the payer. Outside a browser it never resolves. */
export function afterFirstScreen(): Promise<void> {
  return new Promise((resolve) => {
    // Rendered on the server (prerender.tsx) there is no screen: that work is the browser's.
    if (typeof requestAnimationFrame !== 'function') return;
    nextFrame(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 0);
    });
  });
}
