// `@pasarela/checkout/pure`: nothing runs on import; loadCheckout() fetches the loader from the
// checkout origin when it is called (stripe-js's `pure` entry), so the page always runs the loader
// that its checkout serves.
import type { CheckoutApi } from './types';

let loading: Promise<CheckoutApi | null> | undefined;
let loadingFrom: string | undefined;

function loadedCheckout(): CheckoutApi | undefined {
  const candidate = (globalThis as { Checkout?: Partial<CheckoutApi> }).Checkout;
  // another script may own a global named Checkout; ours has open() and a version
  return typeof candidate?.open == 'function' && typeof candidate.version == 'string' ? (candidate as CheckoutApi) : undefined;
}

function scriptUrl(baseUrl: unknown): string {
  let url: URL | undefined;
  try {
    url = new URL(String(baseUrl));
  } catch {
    // reported just below
  }
  if (!url || !/^https?:$/.test(url.protocol)) {
    throw new TypeError('[pasarela] loadCheckout(): baseUrl must be an http(s) URL, got ' + JSON.stringify(baseUrl));
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/sdk/checkout.js`;
}

function injectScript(src: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.append(script);
  return script;
}

/**
 * Loads `{baseUrl}/sdk/checkout.js` once and resolves with its `Checkout`. Later calls share the
 * same promise; a failed load is forgotten, so calling again retries. Resolves with null where
 * there is no window (server rendering), so importing and calling it there is harmless.
 */
export function loadCheckout(baseUrl: string): Promise<CheckoutApi | null> {
  if (typeof window == 'undefined') return Promise.resolve(null);
  let src: string;
  try {
    src = scriptUrl(baseUrl);
  } catch (error) {
    return Promise.reject(error);
  }
  if (loading) {
    // one global Checkout per page: a second origin would replace the first
    return src == loadingFrom
      ? loading
      : Promise.reject(new Error(`[pasarela] loadCheckout(): already loading the checkout from ${loadingFrom}`));
  }
  loadingFrom = src;
  const promise = new Promise<CheckoutApi | null>((resolve, reject) => {
    const ready = loadedCheckout();
    if (ready) return resolve(ready);
    // a <script> the page already has for this URL may still be loading: wait for it
    const script = document.querySelector<HTMLScriptElement>(`script[src="${CSS.escape(src)}"]`) ?? injectScript(src);
    const fail = (why: string) => {
      // a failed <script> never runs again: the retry adds a fresh one
      script.remove();
      reject(new Error(`[pasarela] loadCheckout(): ${why}`));
    };
    script.addEventListener('load', () => {
      const checkout = loadedCheckout();
      if (checkout) resolve(checkout);
      else fail(`${src} loaded but did not define Checkout`);
    });
    script.addEventListener('error', () => fail(`could not load ${src}`));
  });
  loading = promise;
  promise.catch(() => {
    // clear the cache on error so a retry reloads
    if (loading == promise) loading = loadingFrom = undefined;
  });
  return promise;
}

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
  PaymentResult,
} from './types';
