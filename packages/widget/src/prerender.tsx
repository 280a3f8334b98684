// The widget's server entry: the sandbox renders the first screen into the widget page with it, from
// the same first-screen answers the page carries (core firstScreen), so the form shows as soon as the
// page is parsed. The browser's first render then takes over that markup (main.tsx).
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

export interface PrerenderRequest {
  /** The page's address as the browser asked for it. */
  url: string;
  /** The config block's value, as the page carries it. */
  config: unknown;
  lang: Language;
  /** The catalog for `lang`. */
  entries: Entries;
  /** The first-screen answers the page carries. */
  answers: readonly PrimedAnswer[];
  /** The request's Referer header: the page that sent the payer here, as document.referrer will say. */
  referrer?: string | undefined;
}

/** The first screen's markup and the catalogue's texts it shows (the page carries them for the widget's first render). */
export interface PrerenderedScreen {
  html: string;
  texts: Entries;
  /** The markup is styled by the later style sheet (a receipt's), which the page then links before it. */
  laterStyles: boolean;
}

// i18next's plural forms of a key (`count`): the first screen's texts carry them all.
const PLURALS = ['_zero', '_one', '_two', '_few', '_many', '_other'];

/** `entries`' texts of `keys`, with their plural forms. */
function textsOf(keys: ReadonlySet<string>, entries: Entries): Entries {
  const texts: Record<string, string> = {};
  for (const key of keys) {
    for (const name of [key, ...PLURALS.map((suffix) => key + suffix)]) {
      const text = entries[name];
      if (text !== undefined) texts[name] = text;
    }
  }
  return texts;
}

/**
 * The first screen's markup with its texts, or null when the address has no prerendered screen or its data is not
 * all among the answers (the browser then renders it as usual). A guest's view: the wallet login
 * and the tab's storage are the browser's, and its first render corrects what they change.
 */
/**
 * Loads the modules of every screen the server renders (their chunks of this server entry), so the
 * first page of each after a start is not left to the browser for the time it takes to read them.
 */
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
  // A page the browser renders afresh (Back from a bank's page, a refused 3DS challenge's way back
  // to its form: its address names the pending payment) gets no markup of a screen it would replace.
  if (!rendersAsServer(services)) return null;
  const first = await prepareFirstScreen(services);
  if (!first || offPage) return null;
  // Synchronous from here to the end: no other page's render can switch the language in between.
  switchCatalog(request.lang, request.entries);
  const View = first.screen.View;
  let html = '';
  const keys = keysUsedBy(() => {
    html = renderToString((<ServicesContext.Provider value={services}><View /></ServicesContext.Provider>) as never);
  });
  if (offPage) return null;
  return { html, texts: textsOf(keys, request.entries), laterStyles: first.laterStyles };
}
