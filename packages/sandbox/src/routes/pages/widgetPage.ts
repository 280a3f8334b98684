import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { acceptLanguageTags, appearanceParam, parentHasNoOrigin, parentOriginFrom, pickLanguage } from '@pasarela/core';
import type { AppEnv } from '../../http/AppEnv';
import { negotiatedBody } from '../../http/negotiatedBody';
import { styleHashesOf, vaultOriginOf, widgetSecurityHeaders, type Framing } from '../../http/widgetSecurity';
import type { StaticPaths } from '../../paths';
import { notBuilt } from './builtFiles';
import { refusedHerePage, type Refusal } from './refusedHerePage';
import { CHALLENGE_RETURN_SCRIPT_HASH, challengeReturnPage } from './challengeReturn';
import { builtWidgetPage, type BuiltWidgetPage } from './builtWidgetPage';
import type { FirstScreen } from './firstScreen';
import { paletteStyle } from './pagePalette';
import { configScript, cutPage, inLanguage, pageTail, startAfterFirstFrame, type PageSettings } from './widgetPageMarkup';

export interface WidgetSettings extends PageSettings {
  /** Any page when absent; from the page's whole address, as the page reads it. */
  framing?: ((path: string, params: URLSearchParams) => Promise<Framing>) | undefined;
  firstScreen?: ((path: string, params: URLSearchParams, acceptLanguage: string | undefined) => Promise<FirstScreen>) | undefined;
}

/** SPEC 2 route shapes; anything else is the widget's 404. */
export function isWidgetRoute(path: string): boolean {
  if (path === '/' || path.startsWith('/pf/') || path === '/pf') return true;
  const segments = path.split('/').filter((s) => s !== '');
  return segments.length <= 2;
}

/**
 * A receipt by its own address (SPEC 2: `/pf/default-receipt/{codOper}`, `/{slug}/receive`, the
 * campaign's receipt, `/pf/tx-result`), the one an e-mail links to: no site frames it. The checkout's
 * frame moves to these with the shop's `parentOrigin` kept in the address (the widget's sticky
 * parameters) and is framed as the checkout is; `/pf/default-receipt/processing` is where a processor's
 * 3DS page sends the frame back, whatever its address carries, so it stays framed as the checkout.
 */
function isUnframedReceipt(path: string, params: URLSearchParams): boolean {
  if (params.has('parentOrigin')) return false;
  const segments = path.split('/').filter((s) => s !== '');
  const [first, second, third] = segments;
  if (segments.length === 3 && first === 'pf' && second === 'default-receipt') return third !== 'processing';
  if (segments.length === 3 && first === 'pf' && second === 'receipt' && third === 'campaign') return true;
  if (segments.length === 2 && first === 'pf' && second === 'tx-result') return true;
  return segments.length === 2 && first !== 'pf' && second === 'receive';
}

async function widgetHtml(c: Context<AppEnv>, page: BuiltWidgetPage | undefined, settings: WidgetSettings, widgetDist: string): Promise<Response> {
  const params = new URL(c.req.url).searchParams;
  const lang = pickLanguage(params.get('lang'), acceptLanguageTags(c.req.header('accept-language')));
  // A receipt by its own address: framed by none (and X-Frame-Options for browsers without frame-ancestors).
  const unframed = isUnframedReceipt(c.req.path, params);
  const send = (html: string, status: 200 | 404, ancestors: string, styleHashes: string[], scriptHashes: string[] = []) => {
    const { body, headers } = negotiatedBody(Buffer.from(html, 'utf8'), 'text/html; charset=UTF-8', c.req.header('accept-encoding'));
    return c.body(body, status, {
      ...headers,
      'cache-control': 'no-cache',
      // The catalog hint follows the browser's language.
      vary: 'Accept-Language, Accept-Encoding',
      ...widgetSecurityHeaders(ancestors, styleHashes, scriptHashes, vaultOriginOf(settings.vaultUrl)),
      ...(unframed ? { 'x-frame-options': 'DENY' } : {}),
    });
  };
  const framing = unframed ? undefined : settings.framing ? await settings.framing(c.req.path, params) : undefined;
  const ancestors = unframed ? "'none'" : framing?.ancestors ?? '*';
  // A shop's page the merchant does not allow, or a page with no origin, is told so in the frame, and its shop at once.
  const parent = parentOriginFrom(params);
  const refusal: Refusal | undefined = parentHasNoOrigin(params)
    ? { code: 'page_has_no_origin' }
    : framing && parent && parent !== new URL(c.req.url).origin && !framing.allows(parent) ? { code: 'domain_not_allowed', parentOrigin: parent } : undefined;
  if (refusal) {
    const refused = await refusedHerePage(widgetDist, lang, refusal);
    return c.body(refused.html, 403, {
      'content-type': 'text/html; charset=UTF-8', 'cache-control': 'no-store',
      'content-security-policy': refused.csp, 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin',
    });
  }
  if (!page) return c.text(notBuilt('widget (packages/widget/dist)'), 503, widgetSecurityHeaders(ancestors));
  const status = isWidgetRoute(c.req.path) ? 200 : 404;
  if (!settings.firstScreen || status === 404) return send(inLanguage(page.html, lang).replace('<!--pasarela-config-->', configScript(settings)), status, ancestors, page.styleHashes, page.scriptHashes);
  const screen = await settings.firstScreen(c.req.path, params, c.req.header('accept-language')).catch(() => null);
  const back = screen ? challengeReturnPage(new URL(c.req.url), screen.receipt, screen.lang) : null;
  if (back) return send(back, 200, ancestors, [], [CHALLENGE_RETURN_SCRIPT_HASH]);
  const cut = cutPage(page, settings, lang, new URL(c.req.url));
  const tail = await pageTail(cut, settings, { url: c.req.url, referrer: c.req.header('referer') }, screen);
  const palette = screen ? paletteStyle(appearanceParam(params), screen.brandColour) : '';
  // The widget's script starts after the page's first frame shows the first screen.
  const built = tail.drawn ? startAfterFirstFrame(cut.head) : cut.head;
  const head = palette ? built.replace('</head>', palette + '</head>') : built;
  return send(head + tail.html, status, ancestors, [...page.styleHashes, ...styleHashesOf(palette)], [...page.scriptHashes, ...tail.scriptHashes]);
}

export function widgetPageRoutes(paths: StaticPaths, settings: WidgetSettings) {
  const app = new Hono<AppEnv>();
  const widgetPage = builtWidgetPage(join(paths.widgetDist, 'index.html'));
  app.get('*', async (c) => widgetHtml(c, await widgetPage(), settings, paths.widgetDist));
  return app;
}
