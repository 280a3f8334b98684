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
 * Warms the checkout's origin with a hidden frame once the page is loaded and idle, so open() is
 * faster. Call it where a payment is likely (the cart, or hovering the pay button).
 */
export function preload(options?: CheckoutPreloadOptions): void {
  preloadCheckout(options, DEFAULT_BASE_URL);
}

export const version: string = SDK_VERSION;

/** The same API as one object, for `import { Checkout } from '@pasarela/checkout'`. */
export const Checkout: CheckoutApi = { open, preload, version };

export type * from './types';
