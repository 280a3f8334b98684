import { connectWidget } from './connectWidget';
import { DEFAULT_BASE_URL } from './defaultBaseUrl';
import { openCheckout } from './open';
import { preloadCheckout } from './preload';
import type { CheckoutApi, CheckoutHandle, CheckoutOptions, CheckoutPreloadOptions } from './types';
import { SDK_VERSION } from './version';

/** Opens the Pasarela checkout (modal, or inline in `options.container`). */
export function open(options: CheckoutOptions): CheckoutHandle {
  return openCheckout(options, connectWidget, DEFAULT_BASE_URL);
}

/**
 * Gets the checkout ready ahead of open(): a hidden frame on the checkout's origin, added at the
 * page's first quiet moment after it has loaded, so the payer's click opens the checkout in a
 * renderer that is already running.
 * Call it where a payment is likely (the cart or checkout page, or when the payer points at the pay
 * button); open() removes the frame.
 */
export function preload(options?: CheckoutPreloadOptions): void {
  preloadCheckout(options, DEFAULT_BASE_URL);
}

export const version: string = SDK_VERSION;

/** The same API as one object, for `import { Checkout } from '@pasarela/checkout'`. */
export const Checkout: CheckoutApi = { open, preload, version };

// The public types: one list (types.ts) for both entries.
export type * from './types';
