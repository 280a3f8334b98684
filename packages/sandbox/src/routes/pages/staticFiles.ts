import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { PRELOAD_PATH, SANDBOX_CLIENT_KEY, SANDBOX_WIDGET_KEY, SPLASH_MS, VERSION, acceptLanguageTags, apiCallKey, catalogFor, checkoutTargetCall, checkoutTargetInfo, pickLanguage, type Language, type PrimedAnswer } from '@pasarela/core';
import type { AppEnv } from '../../http/AppEnv';
import { fileVersion } from '../../http/fileVersion';
import { gzipRest, gzipStart, type GzipStart } from '../../http/gzipParts';
import { acceptsGzip } from '../../http/negotiatedBody';
import type { Prerender } from '../../http/prerender';
import { fileResponse, fileUnder, immutableFiles } from '../../http/serveFile';
import { styleHashesOf, widgetSecurityHeaders } from '../../http/widgetSecurity';
import type { StaticPaths } from '../../paths';
import { catalogUrl, type FirstScreen } from './firstScreen';
import type { MakePageAhead, PagesAhead } from './pagesAhead';
import { SANDBOX_ENVIRONMENT } from '../../sandboxEnvironment';

export interface WidgetSettings {
  wireEncoding: boolean;
  splashMs?: number | undefined;
  /** The CSP frame-ancestors sources for a widget page (path and query name the link); '*' when absent. */
  frameAncestors?: ((path: string, query: { code?: string | undefined; type?: string | undefined }) => Promise<string>) | undefined;
  /** The first screen's API answers, given ahead in the page (routes/firstScreen.ts); none when absent. */
  firstScreen?: ((path: string, params: URLSearchParams, acceptLanguage: string | undefined) => Promise<FirstScreen>) | undefined;
  /** The first screen rendered from those answers into the page, with no splash; none when absent. */
  prerender?: Prerender | undefined;
  /** New links' checkout pages, made ahead (pagesAhead.ts); none when absent. */
  pagesAhead?: PagesAhead | undefined;
}

/**
 * The widget's script tag made to start through its boot chunk (`data-boot`, packages/widget/src/boot.ts),
 * which loads the script once the page's first frame is on screen.
 */
export function startAfterFirstFrame(html: string): string {
  return html.replace(/<script type="module" src="([^"]+)" data-boot="([^"]+)"><\/script>/, (_tag, main: string, boot: string) => `<script type="module" src="${boot}?main=${encodeURIComponent(main)}"></script>`);
}

/**
 * The page Checkout.preload() shows in a hidden frame on the shop's page (packages/checkout/src/
 * preload.ts): empty, with no script, style or data, so nothing in it can run or be framed to any
 * use. Its only job is to make the browser start a renderer for this origin, which the checkout's
 * own frame then starts in. Not cached, so the request also opens a connection the open() reuses.
 */
export const PRELOAD_PAGE = '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Pasarela</title></head><body></body></html>';

const PRELOAD_HEADERS = {
  'content-type': 'text/html; charset=UTF-8',
  'cache-control': 'no-cache',
  'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** The widget template's (empty) root element, where the widget renders. */
const ROOT = '<div id="root"></div>';

const NOT_BUILT = (what: string) =>
  `Pasarela's ${what} is not built yet. Run \`npm run build\` (or \`npm start\`, which builds first) and reload.\n`;

/** JSON inside a script element: '<' escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The config block the widget reads; '<' escaped so no value can close the script element. */
export function configScript(settings: WidgetSettings): string {
  return `<script type="application/json" id="pasarela-config">${scriptJson(widgetConfig(settings))}</script>`;
}

function widgetConfig(settings: WidgetSettings) {
  return {
    apiBase: '/api/v1',
    wireEncoding: settings.wireEncoding,
    clientKey: SANDBOX_CLIENT_KEY,
    env: SANDBOX_ENVIRONMENT,
    widgetKey: SANDBOX_WIDGET_KEY,
    splashMs: settings.splashMs ?? SPLASH_MS,
    version: VERSION,
    imageBase: '',
  };
}

/**
 * A hint that starts the catalog's download with the page's own, so it does not wait for the
 * widget's script (the catalog stays out of the page: it is the one large answer, and a returning
 * payer's browser has it cached).
 */
export function catalogHint(lang: Language): string {
  return `<link rel="preload" as="fetch" crossorigin="anonymous" id="pasarela-catalog" hreflang="${lang}" href="${catalogUrl(lang).replace(/&/g, '&amp;')}">`;
}

/** The first screen's answers as a data block (read by the widget's script, which runs after the page is parsed). */
export function primedBlock(answers: readonly PrimedAnswer[]): string {
  return `<script type="application/json" id="pasarela-primed">${scriptJson(answers)}</script>`;
}

/** The pages' first parts, gzipped once each (a few: one per language and build). */
const gzippedStarts = new Map<string, GzipStart>();
const GZIPPED_STARTS = 8;

function gzippedStart(head: string): GzipStart {
  let start = gzippedStarts.get(head);
  if (!start) {
    start = gzipStart(head);
    if (gzippedStarts.size >= GZIPPED_STARTS) gzippedStarts.delete(gzippedStarts.keys().next().value as string);
    gzippedStarts.set(head, start);
  }
  return start;
}

/**
 * The page in two parts: everything up to its root at once (the browser starts on its styles, the
 * widget's script and the catalog), then the root with the first screen and the answers when the
 * API has given them. Gzipped, the first part is compressed once and the second per page.
 */
function streamedPage(head: string, tail: Promise<string>, gzip: boolean): ReadableStream<Uint8Array> {
  const start = gzip ? gzippedStart(head) : null;
  return new ReadableStream({
    async start(controller) {
      controller.enqueue(start ? start.bytes : Buffer.from(head, 'utf8'));
      const rest = await tail;
      controller.enqueue(start ? gzipRest(start, rest) : Buffer.from(rest, 'utf8'));
      controller.close();
    },
  });
}

/** Resolves on the event loop's next turn, after the I/O already done (the response's first write). */
const afterThisTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** SPEC 2 route shapes: '/', '/{slug}', '/{slug}/{code}', '/pf/...'. Anything else is the widget's 404. */
export function isWidgetRoute(path: string): boolean {
  if (path === '/' || path.startsWith('/pf/') || path === '/pf') return true;
  const segments = path.split('/').filter((s) => s !== '');
  return segments.length <= 2;
}

interface WidgetPage {
  html: string;
  styleHashes: string[];
  mtimeMs: number;
}

/**
 * The built widget page and the hashes of its <style> elements, read and hashed once; again only
 * when a rebuild changes the file. Undefined while the widget is not built.
 */
function widgetPageReader(file: string): () => Promise<WidgetPage | undefined> {
  let cached: WidgetPage | undefined;
  const version = fileVersion(file);
  return async () => {
    try {
      const mtimeMs = version();
      if (mtimeMs === undefined) return undefined;
      if (cached?.mtimeMs !== mtimeMs) {
        const html = await readFile(file, 'utf8');
        cached = { html, styleHashes: styleHashesOf(html), mtimeMs };
      }
      return cached;
    } catch {
      return undefined;
    }
  };
}

/** The widget page for one language, cut at its root: the part that leaves first and how the rest ends. */
interface PageCut {
  head: string;
  end: string;
  hasRoot: boolean;
  /** Set when the first screen goes in the page (no splash). */
  prerender: Prerender | undefined;
}

function cutPage(page: WidgetPage, settings: WidgetSettings, lang: Language): PageCut {
  const html = page.html.replace('<!--pasarela-config-->', configScript(settings) + catalogHint(lang));
  // The page leaves up to its (empty) root; the root, with the first screen in it, and the answers
  // follow. A page without that root gets the answers before `</body>`.
  const rootAt = html.indexOf(ROOT);
  const splitAt = rootAt >= 0 ? rootAt : html.lastIndexOf('</body>');
  const [whole, end] = splitAt >= 0 ? [html.slice(0, splitAt), html.slice(rootAt >= 0 ? splitAt + ROOT.length : splitAt)] : [html, ''];
  // With no splash to show first, the first screen itself is in the page (the browser's first
  // render takes it over), and the widget's script starts after it shows (boot.ts); with a splash,
  // the splash is what the page shows first.
  const prerender = rootAt >= 0 && (settings.splashMs ?? SPLASH_MS) === 0 ? settings.prerender : undefined;
  return { head: prerender ? startAfterFirstFrame(whole) : whole, end, hasRoot: rootAt >= 0, prerender };
}

/** The page after its head: the root (with the first screen when prerendered), the answers, the end. */
async function pageTail(cut: PageCut, settings: WidgetSettings, url: string, screen: FirstScreen | null): Promise<string> {
  if (!screen) return (cut.hasRoot ? ROOT : '') + cut.end;
  const markup = cut.prerender
    ? await cut.prerender({ url, config: widgetConfig(settings), lang: screen.lang, entries: catalogFor(screen.lang).entries, answers: screen.answers })
    : null;
  const root = markup === null ? ROOT : `<div id="root" data-prerendered="${screen.lang}">${markup}</div>`;
  return (cut.hasRoot ? root : '') + primedBlock(screen.answers) + cut.end;
}

/** The query a loader's open() gives a link's checkout (packages/checkout/src/widgetUrl.ts): the only one made ahead. */
const LOADER_QUERY = new Set(['type', 'code', 'lang', 'parentOrigin', 'sdkVersion']);

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
function pageMaker(widgetPage: () => Promise<WidgetPage | undefined>, settings: WidgetSettings): MakePageAhead {
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
    return { build: page.mtimeMs, frameAncestors, tail, gzippedTail: gzipRest(gzippedStart(cut.head), tail) };
  };
}

function expiringLink(data: unknown): boolean {
  try {
    return checkoutTargetInfo('lk', data).expiresAt !== null;
  } catch {
    return true;
  }
}

async function widgetHtml(c: Context<AppEnv>, page: WidgetPage | undefined, settings: WidgetSettings): Promise<Response> {
  const params = new URL(c.req.url).searchParams;
  const lang = pickLanguage(params.get('lang'), acceptLanguageTags(c.req.header('accept-language')));
  const gzip = acceptsGzip(c.req.header('accept-encoding'));
  const headers = (ancestors: string, styleHashes: string[]) => ({
    'cache-control': 'no-cache',
    // The page carries the catalog hint for the browser's language.
    vary: 'Accept-Language, Accept-Encoding',
    ...widgetSecurityHeaders(ancestors, styleHashes),
  });
  const aheadCode = page && settings.pagesAhead ? loaderLinkCode(c.req.path, params) : null;
  const ahead = aheadCode === null ? undefined : await settings.pagesAhead?.take(aheadCode, lang);
  if (page && ahead?.build === page.mtimeMs) {
    // Made when the link was (pagesAhead.ts): the whole page leaves at once.
    const cut = cutPage(page, settings, lang);
    return c.body(gzip ? Buffer.concat([gzippedStart(cut.head).bytes, ahead.gzippedTail]) : cut.head + ahead.tail, 200, {
      ...headers(ahead.frameAncestors, page.styleHashes),
      'content-type': 'text/html; charset=UTF-8',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
  }
  // The headers need the frame-ancestors look-up; the answers are made after it, while the first
  // part of the page is already on its way (a query queued behind them would hold that part back).
  const ancestors = settings.frameAncestors ? await settings.frameAncestors(c.req.path, { code: c.req.query('code'), type: c.req.query('type') }) : '*';
  const firstScreen = settings.firstScreen;
  // Started on the next turn of the event loop: the in-process calls and queries run without a
  // pause in between, so started now they would hold the first part back until they end.
  const first = page && firstScreen && isWidgetRoute(c.req.path)
    ? afterThisTurn().then(() => firstScreen(c.req.path, params, c.req.header('accept-language'))).catch(() => null)
    : null;
  if (!page) return c.text(NOT_BUILT('widget (packages/widget/dist)'), 503, widgetSecurityHeaders(ancestors));
  const status = isWidgetRoute(c.req.path) ? 200 : 404;
  if (!first) return c.html(page.html.replace('<!--pasarela-config-->', configScript(settings)), status, headers(ancestors, page.styleHashes));

  const cut = cutPage(page, settings, lang);
  const tail = first.then((screen) => pageTail(cut, settings, c.req.url, screen));
  return c.body(streamedPage(cut.head, tail, gzip), status, {
    ...headers(ancestors, page.styleHashes),
    'content-type': 'text/html; charset=UTF-8',
    // Said outright, so the HTTP server writes the headers and the first part at once instead of
    // waiting a turn for the rest to see whether it can send a content-length.
    'transfer-encoding': 'chunked',
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
}

async function serveFrom(c: Context<AppEnv>, dir: string, rest: string, cacheControl: string, what: string | null) {
  const file = await fileUnder(dir, rest);
  if (file) return fileResponse(file, cacheControl, c.req.header('accept-encoding') ?? '');
  if (what && !existsSync(dir)) return c.text(NOT_BUILT(what), 503);
  return c.text('Not found\n', 404);
}

export function staticRoutes(paths: StaticPaths, settings: WidgetSettings) {
  const app = new Hono<AppEnv>();
  const cors = { 'access-control-allow-origin': '*' };
  app.get('/sdk/*', async (c) => {
    const res = await serveFrom(c, paths.checkoutDist, c.req.path.slice('/sdk/'.length), 'no-cache', 'loader SDK (packages/checkout/dist)');
    for (const [k, val] of Object.entries(cors)) res.headers.set(k, val);
    return res;
  });
  app.get(PRELOAD_PATH, (c) => c.body(PRELOAD_PAGE, 200, PRELOAD_HEADERS));
  // The widget's chunks are named by their content: read once, then served from memory.
  const widgetAssets = immutableFiles(join(paths.widgetDist, 'assets'), 'public, max-age=31536000, immutable');
  app.get('/widget/assets/*', async (c) => {
    const res = await widgetAssets(c.req.path.slice('/widget/assets/'.length), c.req.header('accept-encoding') ?? '');
    return res ?? serveFrom(c, join(paths.widgetDist, 'assets'), '', 'no-cache', 'widget (packages/widget/dist)');
  });
  app.get('/images/*', (c) => serveFrom(c, join(paths.publicDir, 'images'), c.req.path.slice('/images/'.length), 'public, max-age=3600', null));
  const widgetPage = widgetPageReader(join(paths.widgetDist, 'index.html'));
  settings.pagesAhead?.makeWith(pageMaker(widgetPage, settings));
  app.get('*', async (c) => widgetHtml(c, await widgetPage(), settings));
  return app;
}
