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
  // without lang the widget follows the payer's browser language
  const query = new URLSearchParams({ type, code, ...(lang && { lang }), ...(appearance && { appearance }), parentOrigin, sdkVersion, ...(pending && { pending }), ...(waiting && { [WAITING_PARAM]: waiting }), ...(reopen && { [REOPEN_PARAM]: '1' }), ...(modal && { [MODAL_PARAM]: '1' }) });
  return `${options.baseUrl}/pf/widget?${query}`;
}
