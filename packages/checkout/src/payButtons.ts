import { TARGET_TYPES } from './options';
import type { CheckoutHandle, CheckoutOptions, PaymentResult } from './types';

const TARGETS = Object.keys(TARGET_TYPES);

/**
 * The open() options that PRODUCT.md's zero-JS attributes carry (`stationId` <- `data-pasarela-station-id`);
 * `data-pasarela-appearance` holds the `appearance` object as JSON.
 */
const ATTRIBUTE_OPTIONS = [...TARGETS, 'lang', 'appearance'];

const attributeOf = (option: string): string => 'data-pasarela-' + option.replace(/[A-Z]/g, '-$&').toLowerCase();

/** Any element with a target attribute is a pay button (lang alone opens nothing). */
const PAY_BUTTON = TARGETS.map((option) => `[${attributeOf(option)}]`).join();

/**
 * Zero-JS pay buttons: one click listener on the document (not a scan, so buttons added later work)
 * opens the checkout from the clicked element's data-pasarela-* attributes and dispatches each
 * result on that element as a `pasarela:result` CustomEvent. Bad attributes open nothing and warn.
 */
export function listenForPayButtons(open: (options: CheckoutOptions) => CheckoutHandle): void {
  // no document where the UMD is require()d on a server
  globalThis.document?.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>(PAY_BUTTON);
    // the page's own click handler may veto the checkout with preventDefault()
    if (!button || event.defaultPrevented) return;
    event.preventDefault();
    const options: Record<string, unknown> = {
      onResult: (detail: PaymentResult) => button.dispatchEvent(new CustomEvent('pasarela:result', { detail, bubbles: true })),
    };
    for (const option of ATTRIBUTE_OPTIONS) {
      options[option] = button.getAttribute(attributeOf(option)) ?? undefined;
    }
    try {
      // JSON that does not parse stays text, which open() refuses naming the attribute
      options.appearance = JSON.parse(options.appearance as string);
    } catch {}
    try {
      // the attributes are untyped page input: open() checks them at run time and throws
      open(options as unknown as CheckoutOptions);
    } catch (error) {
      // open()'s TypeError names the option; the page's author wrote the attribute
      console.warn((error as Error).message.replace(RegExp(ATTRIBUTE_OPTIONS.join('|'), 'g'), attributeOf), button);
    }
  });
}
