import { connectWidget } from './connectWidget';
import { DEFAULT_BASE_URL } from './defaultBaseUrl';
import { openCheckout } from './open';
import type { CheckoutApi, CheckoutHandle, CheckoutOptions } from './types';
import { SDK_VERSION } from './version';

/** Opens the Pasarela checkout (modal, or inline in `options.container`). */
export function open(options: CheckoutOptions): CheckoutHandle {
  return openCheckout(options, connectWidget, DEFAULT_BASE_URL);
}

/** This loader's version. */
export const version: string = SDK_VERSION;

/** The same API as one object, for `import { Checkout } from '@pasarela/checkout'`. */
export const Checkout: CheckoutApi = { open, version };

export type {
  CheckoutApi,
  CheckoutClosedError,
  CheckoutCloseReason,
  CheckoutError,
  CheckoutEvent,
  CheckoutEventName,
  CheckoutHandle,
  CheckoutLanguage,
  CheckoutOptions,
  CheckoutSettings,
  CheckoutTarget,
  ParentNotification,
  PaymentFailureReason,
  PaymentResult,
} from './types';
