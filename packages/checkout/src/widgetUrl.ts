import { MODAL_PARAM, REOPEN_PARAM, WAITING_PARAM } from '@pasarela/core';
import type { ResolvedOptions } from './options';

/**
 * `reopen`: this page visit opened the checkout before, so the widget skips SPEC 2's splash (core splashMsFor).
 * `modal`: the checkout is the page's dialog, so Tab goes round inside the frame (inline, it goes on to the page).
 */
export function widgetUrl(
  options: Pick<ResolvedOptions, 'type' | 'code' | 'lang' | 'baseUrl'> & Partial<Pick<ResolvedOptions, 'appearance'>>,
  parentOrigin: string,
  sdkVersion: string,
  again: { pending?: string | undefined; waiting?: string | undefined; reopen?: boolean; modal?: boolean } = {},
): string {
  const { type, code, lang, appearance } = options;
  const { pending, waiting, reopen, modal } = again;
  const query = new URLSearchParams();
  // only the parameters that have a value: without lang the widget follows the payer's browser language
  for (const [name, value] of Object.entries({ type, code, lang, appearance, parentOrigin, sdkVersion, pending, [WAITING_PARAM]: waiting, [REOPEN_PARAM]: reopen && '1', [MODAL_PARAM]: modal && '1' })) {
    if (value) query.set(name, value);
  }
  return `${options.baseUrl}/pf/widget?${query}`;
}
