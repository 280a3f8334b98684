import type { BrowserContext } from 'playwright-core';

/**
 * Makes localStorage and sessionStorage throw, as a browser blocking third-party storage does in a
 * frame: on the pages of `origin` only (the checkout's), or on every page when no origin is given.
 */
export async function denyStorage(context: BrowserContext, origin?: string): Promise<void> {
  await context.addInitScript((only: string | null) => {
    if (only !== null && location.origin !== only) return;
    for (const name of ['localStorage', 'sessionStorage'] as const) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException(`Access to '${name}' is denied for this document.`, 'SecurityError');
        },
      });
    }
  }, origin ?? null);
}
