// Nothing runs on import; loadCheckout() fetches the loader its checkout origin serves (stripe-js's `pure`).
import type { CheckoutApi } from './types';

let loading: Promise<CheckoutApi | null> | undefined;
let loadingFrom: string | undefined;

function loadedCheckout(): CheckoutApi | undefined {
  const candidate = (globalThis as { Checkout?: Partial<CheckoutApi> }).Checkout;
  // another script may own a global named Checkout; ours has open() and a version
  return typeof candidate?.open == 'function' && typeof candidate.version == 'string' ? (candidate as CheckoutApi) : undefined;
}

const LOADER_PATH = '/sdk/checkout.js';

/** The checkout's origin and path prefix, as open() reads a baseUrl: `{base}/sdk/checkout.js` is its loader. */
function checkoutBase(baseUrl: unknown): string {
  let url: URL | undefined;
  try {
    url = new URL(String(baseUrl));
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol)) {
    throw new TypeError('[pasarela] loadCheckout(): baseUrl must be an http(s) URL, got ' + JSON.stringify(baseUrl));
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** Where each loader <script> on the page (loaded or loading, ours or the page's own tag) comes from. */
function loaderBasesOnThePage(): string[] {
  const bases: string[] = [];
  for (const script of document.querySelectorAll<HTMLScriptElement>('script[src]')) {
    try {
      const { origin, pathname } = new URL(script.src);
      if (pathname.endsWith(LOADER_PATH)) bases.push(origin + pathname.slice(0, -LOADER_PATH.length));
    } catch {}
  }
  return bases;
}

// one global Checkout per page: a second loader would replace the first
const alreadyLoaded = (from: string, asked: string) =>
  new Error(`[pasarela] loadCheckout(): the checkout is already loaded (or loading) from ${from}, not ${asked}`);

/** A page whose CSP requires Trusted Types lists this policy in `trusted-types` (docs/integration.md). */
const TRUSTED_TYPES_POLICY = 'pasarela-checkout';

/** TypeScript's DOM types have no `trustedTypes` yet. */
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): { createScriptURL(url: string): unknown };
}

// undefined: not made yet; null: the page has no Trusted Types, or refused the policy's name
let policy: ReturnType<TrustedTypesFactory['createPolicy']> | null | undefined;

function trustedScriptUrl(src: string): string {
  if (policy === undefined) {
    try {
      policy =
        (window as { trustedTypes?: TrustedTypesFactory }).trustedTypes?.createPolicy(TRUSTED_TYPES_POLICY, {
          createScriptURL: (url) => {
            if (!/^https?:\/\/[^?#]+\/sdk\/checkout\.js$/.test(url)) throw new TypeError(`[pasarela] ${TRUSTED_TYPES_POLICY} makes only the loader's address, not ${url}`);
            return url;
          },
        }) ?? null;
    } catch {
      // Our name is not allowed: a plain string works unless Trusted Types is required (injectScript explains)
      policy = null;
    }
  }
  return (policy ? policy.createScriptURL(src) : src) as string;
}

function injectScript(src: string): HTMLScriptElement {
  const script = document.createElement('script');
  try {
    script.src = trustedScriptUrl(src);
  } catch {
    throw new Error(
      `[pasarela] loadCheckout(): this page requires Trusted Types; allow the policy '${TRUSTED_TYPES_POLICY}' in its trusted-types directive`,
    );
  }
  script.async = true;
  document.head.append(script);
  return script;
}

/**
 * Loads `{baseUrl}/sdk/checkout.js` once and resolves with its `Checkout`. Later calls share the
 * same promise; a failed load is forgotten, so calling again retries. Rejects when the page has the
 * checkout loaded (or loading) from another origin: one global `Checkout` per page. Resolves with
 * null where there is no window (server rendering), so importing and calling it there is harmless.
 */
export function loadCheckout(baseUrl: string): Promise<CheckoutApi | null> {
  if (typeof window == 'undefined') return Promise.resolve(null);
  let base: string;
  try {
    base = checkoutBase(baseUrl);
  } catch (error) {
    return Promise.reject(error);
  }
  const src = base + LOADER_PATH;
  if (loading) return base == loadingFrom ? loading : Promise.reject(alreadyLoaded(loadingFrom!, base));
  loadingFrom = base;
  const promise = new Promise<CheckoutApi | null>((resolve, reject) => {
    // The page's own <script> tag may have put a loader from elsewhere there, or be loading one: its
    // Checkout is not this origin's. (A global with no loader tag to tell its origin is taken as it is.)
    const bases = loaderBasesOnThePage();
    const elsewhere = bases.find((from) => from != base);
    if (elsewhere !== undefined && !bases.includes(base)) return reject(alreadyLoaded(elsewhere, base));
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
    if (loading == promise) loading = loadingFrom = undefined;
  });
  return promise;
}

export type * from './types';
