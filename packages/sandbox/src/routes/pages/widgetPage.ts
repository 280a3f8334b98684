import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { REOPEN_PARAM, acceptLanguageTags, apiCallKey, checkoutTargetCall, checkoutTargetInfo, pickLanguage } from '@pasarela/core';
import type { AppEnv } from '../../http/AppEnv';
import { negotiatedBody } from '../../http/negotiatedBody';
import { widgetSecurityHeaders } from '../../http/widgetSecurity';
import type { StaticPaths } from '../../paths';
import { notBuilt } from './builtFiles';
import { builtWidgetPage, type BuiltWidgetPage } from './builtWidgetPage';
import type { FirstScreen } from './firstScreen';
import type { MakePageAhead, PagesAhead } from './pagesAhead';
import { configScript, cutPage, pageTail, type PageSettings } from './widgetPageMarkup';

export interface WidgetSettings extends PageSettings {
  /** The CSP frame-ancestors sources for a widget page (path and query name the link); '*' when absent. */
  frameAncestors?: ((path: string, query: { code?: string | undefined; type?: string | undefined }) => Promise<string>) | undefined;
  /** The first screen's API answers, given in the page (firstScreen.ts); none when absent. */
  firstScreen?: ((path: string, params: URLSearchParams, acceptLanguage: string | undefined) => Promise<FirstScreen>) | undefined;
  /** New links' checkout pages, made ahead (pagesAhead.ts); none when absent. */
  pagesAhead?: PagesAhead | undefined;
}

/** SPEC 2 route shapes: '/', '/{slug}', '/{slug}/{code}', '/pf/...'. Anything else is the widget's 404. */
export function isWidgetRoute(path: string): boolean {
  if (path === '/' || path.startsWith('/pf/') || path === '/pf') return true;
  const segments = path.split('/').filter((s) => s !== '');
  return segments.length <= 2;
}

/**
 * The query a loader's open() gives a link's checkout (packages/checkout/src/widgetUrl.ts): the only
 * one made ahead. A reopen's mark (core REOPEN_PARAM) is read by the widget alone: the same page.
 */
const LOADER_QUERY = new Set(['type', 'code', 'lang', 'parentOrigin', 'sdkVersion', REOPEN_PARAM]);

/** The link a page made ahead may answer: the loader's address of a payment link; else null. */
function loaderLinkCode(path: string, params: URLSearchParams): string | null {
  if (path !== '/pf/widget' || params.get('type') !== 'lk' || !params.has('parentOrigin')) return null;
  const keys = [...params.keys()];
  if (keys.some((key) => !LOADER_QUERY.has(key)) || new Set(keys).size !== keys.length) return null;
  return params.get('code') || null;
}

/**
 * Makes a payment link's checkout page ahead, as the loader's open() asks for it (pagesAhead.ts):
 * the same look-up, answers and render as a page made when asked. Null for a page that shows the
 * time (a link that expires counts down from the moment its page is made) or a link not payable.
 */
function pageMaker(widgetPage: () => Promise<BuiltWidgetPage | undefined>, settings: WidgetSettings): MakePageAhead {
  return async (code, lang) => {
    const page = await widgetPage();
    if (!page || !settings.firstScreen) return null;
    const path = '/pf/widget';
    const query = { code, type: 'lk' };
    const frameAncestors = settings.frameAncestors ? await settings.frameAncestors(path, query) : '*';
    const screen = await settings.firstScreen(path, new URLSearchParams(query), lang);
    const targetCall = checkoutTargetCall('lk', code);
    const target = screen.answers.find((a) => a.key === apiCallKey(targetCall.path, targetCall.query));
    // The same reading of the link as the widget's: a link with an EXPIRES_AT shows its countdown.
    if (target?.code !== 200 || screen.lang !== lang || expiringLink(target.data)) return null;
    const cut = cutPage(page, settings, lang);
    // As the loader's address reads to the first screen: embedded (parentOrigin), in no other state.
    const tail = await pageTail(cut, settings, `http://localhost${path}?${new URLSearchParams({ ...query, parentOrigin: '' }).toString()}`, screen);
    return { build: page.mtimeMs, frameAncestors, tail };
  };
}

function expiringLink(data: unknown): boolean {
  try {
    return checkoutTargetInfo('lk', data).expiresAt !== null;
  } catch {
    return true;
  }
}

async function widgetHtml(c: Context<AppEnv>, page: BuiltWidgetPage | undefined, settings: WidgetSettings): Promise<Response> {
  const params = new URL(c.req.url).searchParams;
  const lang = pickLanguage(params.get('lang'), acceptLanguageTags(c.req.header('accept-language')));
  const send = (html: string, status: 200 | 404, ancestors: string, styleHashes: string[]) => {
    const { body, headers } = negotiatedBody(Buffer.from(html, 'utf8'), 'text/html; charset=UTF-8', c.req.header('accept-encoding'));
    return c.body(body, status, {
      ...headers,
      'cache-control': 'no-cache',
      // The page carries the catalog hint for the browser's language.
      vary: 'Accept-Language, Accept-Encoding',
      ...widgetSecurityHeaders(ancestors, styleHashes),
    });
  };
  const aheadCode = page && settings.pagesAhead ? loaderLinkCode(c.req.path, params) : null;
  const ahead = aheadCode === null ? undefined : await settings.pagesAhead?.take(aheadCode, lang);
  if (page && ahead?.build === page.mtimeMs) return send(cutPage(page, settings, lang).head + ahead.tail, 200, ahead.frameAncestors, page.styleHashes);

  const ancestors = settings.frameAncestors ? await settings.frameAncestors(c.req.path, { code: c.req.query('code'), type: c.req.query('type') }) : '*';
  if (!page) return c.text(notBuilt('widget (packages/widget/dist)'), 503, widgetSecurityHeaders(ancestors));
  const status = isWidgetRoute(c.req.path) ? 200 : 404;
  if (!settings.firstScreen || status === 404) return send(page.html.replace('<!--pasarela-config-->', configScript(settings)), status, ancestors, page.styleHashes);
  // The page is sent whole, when its answers (and its first screen) are made.
  const screen = await settings.firstScreen(c.req.path, params, c.req.header('accept-language')).catch(() => null);
  const cut = cutPage(page, settings, lang);
  return send(cut.head + (await pageTail(cut, settings, c.req.url, screen)), status, ancestors, page.styleHashes);
}

/** The widget's page at every address the other routes leave (SPEC 2's routes, and its 404 page). */
export function widgetPageRoutes(paths: StaticPaths, settings: WidgetSettings) {
  const app = new Hono<AppEnv>();
  const widgetPage = builtWidgetPage(join(paths.widgetDist, 'index.html'));
  settings.pagesAhead?.makeWith(pageMaker(widgetPage, settings));
  app.get('*', async (c) => widgetHtml(c, await widgetPage(), settings));
  return app;
}
