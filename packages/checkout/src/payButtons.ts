import { TARGETS } from './options';
import type { CheckoutHandle, CheckoutOptions, CheckoutResult } from './types';

// PRODUCT.md's zero-JS attributes; data-pasarela-appearance holds JSON.
const ATTRIBUTE_OPTIONS = [...TARGETS, 'lang', 'appearance'];

const attributeOf = (option: string): string => 'data-pasarela-' + option.replace(/[A-Z]/g, '-$&').toLowerCase();

const PAY_BUTTON = TARGETS.map((option) => `[${attributeOf(option)}]`).join();

/** One document listener, not a scan, so buttons added later work. */
export function listenForPayButtons(open: (options: CheckoutOptions) => CheckoutHandle): void {
  // no document where the script tag's build is require()d on a server
  globalThis.document?.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>(PAY_BUTTON);
    // the page's own click handler may veto the checkout with preventDefault()
    if (!button || event.defaultPrevented) return;
    event.preventDefault();
    const options: Record<string, unknown> = {
      onResult: (detail: CheckoutResult) => button.dispatchEvent(new CustomEvent('pasarela:result', { detail, bubbles: true })),
    };
    for (const option of ATTRIBUTE_OPTIONS) {
      options[option] = button.getAttribute(attributeOf(option)) ?? undefined;
    }
    try {
        options.appearance = JSON.parse(options.appearance as string);
    } catch {}
    try {
      open(options as unknown as CheckoutOptions);
    } catch (error) {
      console.warn((error as Error).message.replace(RegExp(ATTRIBUTE_OPTIONS.join('|'), 'g'), attributeOf), button);
    }
  });
}
