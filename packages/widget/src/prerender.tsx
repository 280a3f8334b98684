// The widget's server entry: the sandbox renders the first screen into the page, which the browser's first render takes over.
import { renderToString } from 'preact-render-to-string';
import type { Language, PrimedAnswer } from '@pasarela/core';
import { createApiClient } from './api/client';
import { parseConfig } from './services/config';
import { newTrackId } from './services/newTrackId';
import { prepareFirstScreen, rendersAsServer } from './app/prerender';
import { SCREENS } from './app/routes';
import { createSessionStore } from './services/session';
import { NO_THEME, ServicesContext, type Services } from './services/services';
import { detachedBridge } from './embed/parentBridge';
import type { Entries } from '@pasarela/core/translator';
import { keysUsedBy, switchCatalog } from './i18n/i18n';
import { LOADING_PAGE_KEYS } from './ui/Loading';

export interface PrerenderRequest {
  url: string;
  config: unknown;
  lang: Language;
  entries: Entries;
  answers: readonly PrimedAnswer[];
  referrer?: string | undefined;
}

export interface PrerenderedScreen {
  html: string;
  texts: Entries;
  laterStyles: boolean;
}

// i18next's plural forms of a key (`count`): the first screen's texts carry them all.
const PLURALS = ['_zero', '_one', '_two', '_few', '_many', '_other'];

/**
 * The texts the page carries: its screen's, and the loading page's, which the next screen shows (the
 * checkout after a bank's return) before the whole catalogue is in.
 */
export function firstScreenTexts(keys: ReadonlySet<string>, entries: Entries): Entries {
  const texts: Record<string, string> = {};
  for (const key of [...keys, ...LOADING_PAGE_KEYS]) {
    for (const name of [key, ...PLURALS.map((suffix) => key + suffix)]) {
      const text = entries[name];
      if (text !== undefined) texts[name] = text;
    }
  }
  return texts;
}

/**
 * Null when the address has no prerendered screen or its data is not all among the answers. A guest's
 * view: the wallet login and tab storage are the browser's.
 */
/** Loads every server-rendered screen's module ahead, so no first page after a start falls to the browser. */
export async function warmUp(): Promise<void> {
  await Promise.all(Object.values(SCREENS).filter((entry) => entry.prerender).map((entry) => entry.load().catch(() => undefined)));
}

export async function prerenderFirstScreen(request: PrerenderRequest): Promise<PrerenderedScreen | null> {
  const address = new URL(request.url);
  const config = parseConfig(request.config);
  let offPage = false;
  const api = createApiClient({
    apiBase: new URL(config.apiBase, address).href,
    wireEncoding: config.wireEncoding,
    clientKey: config.clientKey,
    lang: request.lang,
    primed: request.answers,
    // Only the page's answers: a screen that needs another call is left to the browser.
    fetch: () => {
      offPage = true;
      return Promise.reject(new Error('not among the first-screen answers'));
    },
  });
  const services: Services = {
    config,
    api,
    lang: request.lang,
    // Embedded when the loader opened it (the browser's bridge says so once it runs).
    bridge: { ...detachedBridge, embedded: address.searchParams.has('parentOrigin') },
    navigate: () => void (offPage = true),
    address: () => new URL(address),
    referrer: request.referrer ?? '',
    leave: () => void (offPage = true),
    storage: { local: null, session: null },
    now: () => new Date(),
    serverNow: api.serverNow,
    newTrackId,
    session: createSessionStore(null),
    theme: NO_THEME,
  };
  // A page the browser renders afresh (its address names a pending payment) gets no markup it would replace.
  if (!rendersAsServer(services)) return null;
  const first = await prepareFirstScreen(services);
  if (!first || offPage || first.screen.asServer?.() === false) return null;
  // Synchronous from here: no other page's render can switch the language in between.
  switchCatalog(request.lang, request.entries);
  const View = first.screen.View;
  let html = '';
  const keys = keysUsedBy(() => {
    html = renderToString((<ServicesContext.Provider value={services}><View /></ServicesContext.Provider>) as never);
  });
  if (offPage) return null;
  return { html, texts: firstScreenTexts(keys, request.entries), laterStyles: first.laterStyles };
}
