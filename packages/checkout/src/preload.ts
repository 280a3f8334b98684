// The hidden frame gives the browser a running renderer (and an open connection) for the checkout's
// origin, so the frame open() creates starts there instead of in a new process.
import { PRELOAD_PATH } from '@pasarela/core';
import { fail, resolveBaseUrl } from './options';

/** Each checkout origin's hidden frame, or null while it waits for the page's load event. */
const frames = new Map<string, HTMLIFrameElement | null>();

/** True while a checkout is open: its own frame holds the renderer, so preload() adds none. */
let checkoutOpen = false;

/** One frame per origin; a bad `baseUrl` throws a TypeError, as open()'s does. */
export function preloadCheckout(options: unknown, defaultBaseUrl: string | undefined): void {
  if (typeof window == 'undefined') return; // server rendering
  if (options != null && typeof options != 'object') fail('options must be an object', 'preload');
  const { baseUrl, origin } = resolveBaseUrl((options as { baseUrl?: unknown } | undefined)?.baseUrl, defaultBaseUrl, 'preload');
  if (checkoutOpen || frames.has(origin)) return;
  frames.set(origin, null);
  const add = () => {
    // open() took over meanwhile
    if (checkoutOpen || frames.get(origin) !== null) return;
    // No sandbox attribute: a sandboxed frame has an opaque origin, which Chromium may give a
    // process of its own; the page it shows has no script (its CSP is default-src 'none').
    const frame = document.createElement('iframe');
    frame.title = 'Pasarela';
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    frame.referrerPolicy = 'no-referrer';
    // not laid out, painted or reachable; the browser still gives it its origin's renderer
    frame.style.cssText = 'display:none';
    frame.src = baseUrl + PRELOAD_PATH;
    document.body.appendChild(frame);
    frames.set(origin, frame);
  };
  // The shop's own page comes first, and then the frame waits for a quiet moment: an open() that
  // comes at once (a page that preloads and opens together) would find the frame's renderer still
  // starting, and wait for it longer than for one of its own.
  const whenIdle = () => (typeof requestIdleCallback == 'function' ? requestIdleCallback(add, { timeout: 500 }) : setTimeout(add, 50));
  if (document.readyState == 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

/**
 * Called by open() once the checkout's frame is in the page: the hidden frames go (the renderer
 * stays with the checkout's frame), and preload() adds none until the checkout closes.
 */
export function preloadTakenOver(): void {
  for (const frame of frames.values()) frame?.remove();
  frames.clear();
  checkoutOpen = true;
}

/** Called by open() when the checkout closes: preload() may put a hidden frame in the page again. */
export function checkoutClosed(): void {
  checkoutOpen = false;
}
