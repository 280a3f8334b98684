// A hidden frame gives the checkout's origin a running renderer, so open()'s frame skips a process start.
import { PRELOAD_PATH } from '@pasarela/core';
import { fail, resolveBaseUrl } from './options';

/** Each checkout origin's hidden frame, or null while it waits for the page's load event. */
const frames = new Map<string, HTMLIFrameElement | null>();

/** True while a checkout is open in the payer's sight: its own frame holds the renderer, so preload() adds none. */
let checkoutOpen = false;

export function preloadCheckout(options: unknown, defaultBaseUrl: string | undefined): void {
  if (typeof window == 'undefined') return; // server rendering
  if (options !== undefined && (!options || typeof options != 'object')) fail('options must be an object', 'preload');
  const { baseUrl, origin } = resolveBaseUrl((options as { baseUrl?: unknown } | undefined)?.baseUrl, defaultBaseUrl, 'preload');
  if (checkoutOpen || frames.has(origin)) return;
  frames.set(origin, null);
  const add = () => {
    if (checkoutOpen || frames.get(origin) !== null) return;
    // No sandbox attribute: a sandboxed frame has an opaque origin, which Chromium may give a
    // process of its own; the page it shows has no script (its CSP is default-src 'none').
    const frame = document.createElement('iframe');
    // display:none keeps it out of the tab order and the accessibility tree: no tabindex, aria-hidden
    // nor title needed (nothing names a frame no one can reach).
    frame.referrerPolicy = 'no-referrer';
    frame.style.cssText = 'display:none';
    frame.src = baseUrl + PRELOAD_PATH;
    document.body.appendChild(frame);
    frames.set(origin, frame);
  };
  // After load and idle: an open() at once would wait on the half-started renderer longer than on its own.
  const whenIdle = () => (typeof requestIdleCallback == 'function' ? requestIdleCallback(add, { timeout: 500 }) : setTimeout(add, 50));
  if (document.readyState == 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

/** The checkout's own frame now holds the renderer. */
export function preloadTakenOver(): void {
  for (const frame of frames.values()) frame?.remove();
  frames.clear();
  checkoutOpen = true;
}

/** The open checkout closed, or left the payer's sight to wait for a payment's answer. */
export function checkoutClosed(): void {
  checkoutOpen = false;
}
