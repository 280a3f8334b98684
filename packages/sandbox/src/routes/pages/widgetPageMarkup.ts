import { SANDBOX_CLIENT_KEY, SANDBOX_WIDGET_KEY, SPLASH_MS, VERSION, catalogFor, splashMsFor, type Language, type PrimedAnswer } from '@pasarela/core';
import { cspHashOf } from '../../http/widgetSecurity';
import type { Prerender } from '../../http/prerender';
import { SANDBOX_ENVIRONMENT } from '../../sandboxEnvironment';
import type { BuiltWidgetPage } from './builtWidgetPage';
import { catalogUrl, type FirstScreen } from './firstScreen';

// What the sandbox writes into the built widget page: the widget's config, the catalog's preload
// hint, the first screen's answers and, with no splash, the first screen itself.

/** What the page's content depends on, of the widget page's settings. */
export interface PageSettings {
  wireEncoding: boolean;
  splashMs?: number | undefined;
  /** The first screen rendered from its answers into the page, with no splash; none when absent. */
  prerender?: Prerender | undefined;
}

/** The widget's mark of a payment left waiting in its address (widget payments/pendingAddress). */
const PENDING_PARAM = 'pending';

/** The widget template's (empty) root element, where the widget renders. */
const ROOT = '<div id="root"></div>';
/**
 * Sets the splash's bar as far along as the app's start clock, before the first paint: SPEC 2's
 * 3000 ms count from the page's start (its navigation, which the payer's click begins), and the page
 * paints later than that (the frame's process and document first). styles.css reads it.
 */
const SPLASH_CLOCK_SCRIPT = 'document.getElementById("root").style.setProperty("--splash-shown",-Math.round(performance.now())+"ms")';

/**
 * The root of a page whose start shows SPEC 2's splash: the page's CSS draws the splash in it while it
 * is empty (styles.css `#root[data-splash]:empty`), so it is on screen from the first paint, before
 * the widget's script runs; the script's splash takes over where it is (app/splashClock.ts).
 */
const SPLASH_ROOT = `<div id="root" data-splash></div><script>${SPLASH_CLOCK_SCRIPT}</script>`;

/** JSON inside a script element: '<' escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function widgetConfig(settings: PageSettings) {
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

/** The config block the widget reads. */
export function configScript(settings: PageSettings): string {
  return `<script type="application/json" id="pasarela-config">${scriptJson(widgetConfig(settings))}</script>`;
}

/**
 * A hint that starts the catalog's download with the page's own, so it does not wait for the
 * widget's script (the catalog stays out of the page: it is the one large answer, and a returning
 * payer's browser has it cached).
 */
function catalogHint(lang: Language): string {
  return `<link rel="preload" as="fetch" crossorigin="anonymous" id="pasarela-catalog" hreflang="${lang}" href="${catalogUrl(lang).replace(/&/g, '&amp;')}">`;
}

/** The first screen's answers as a data block (read by the widget's script, which runs after the page is parsed). */
/**
 * The catalogue's texts the prerendered first screen shows: the widget takes that screen over with
 * them and downloads the whole catalogue once the form is up (widget services/config readFirstTexts).
 */
function textsBlock(texts: Readonly<Record<string, string>>): string {
  return `<script type="application/json" id="pasarela-texts">${scriptJson(texts)}</script>`;
}

function primedBlock(answers: readonly PrimedAnswer[]): string {
  return `<script type="application/json" id="pasarela-primed">${scriptJson(answers)}</script>`;
}

/**
 * The widget's script tag made to start through its boot chunk (`data-boot`, packages/widget/src/boot.ts),
 * which loads the script once the page's first frame is on screen.
 */
export function startAfterFirstFrame(html: string): string {
  return html.replace(/<script type="module" src="([^"]+)" data-boot="([^"]+)"><\/script>/, (_tag, main: string, boot: string) => `<script type="module" src="${boot}?main=${encodeURIComponent(main)}"></script>`);
}

/** The widget page for one language, cut at its root: what comes before it, and how the page ends after it. */
export interface PageCut {
  /** The head as built; startAfterFirstFrame() of it when the first screen is in the page. */
  head: string;
  end: string;
  hasRoot: boolean;
  /** Set when the first screen goes in the page (no splash). */
  prerender: Prerender | undefined;
  /** The empty root as the page carries it: marked when the page's start shows the splash. */
  emptyRoot: string;
  /** The CSP hashes of the scripts that come with the empty root (the splash's clock). */
  emptyRootScriptHashes: string[];
  /** The build's later style sheet (builtWidgetPage), linked before a prerendered screen it styles. */
  laterStylesHref: string | undefined;
}

/**
 * `address`: the page's own address. A page with no splash (core splashMsFor: the configured splash
 * is 0, or this is a reopen by the loader or a return from a bank or 3DS page) gets its first screen
 * when the widget's server entry can draw it (its prerender says which).
 */
export function cutPage(page: BuiltWidgetPage, settings: PageSettings, lang: Language, address: URL): PageCut {
  const html = page.html.replace('<!--pasarela-config-->', configScript(settings) + catalogHint(lang));
  // A page without the root gets the answers before `</body>`.
  const rootAt = html.indexOf(ROOT);
  const splitAt = rootAt >= 0 ? rootAt : html.lastIndexOf('</body>');
  const [whole, end] = splitAt >= 0 ? [html.slice(0, splitAt), html.slice(rootAt >= 0 ? splitAt + ROOT.length : splitAt)] : [html, ''];
  // With no splash the first screen itself is in the page, and the widget's script starts after it
  // shows (boot.ts); with a splash, the splash is what the page shows first. The widget reads the
  // same rule from the same address (main.tsx), so it takes over this markup.
  // A page whose address names a payment left waiting (`pending`: Back from the bank's page, a
  // refused 3DS challenge's way back to its form) shows that payment, which only the browser knows
  // how to follow: the widget renders it afresh (its rendersAsServer), so none is made here.
  const splash = splashMsFor(address, settings.splashMs ?? SPLASH_MS) > 0;
  const prerender = rootAt >= 0 && !splash && !address.searchParams.has(PENDING_PARAM) ? settings.prerender : undefined;
  return {
    head: whole,
    end,
    hasRoot: rootAt >= 0,
    prerender,
    emptyRoot: splash ? SPLASH_ROOT : ROOT,
    emptyRootScriptHashes: splash && rootAt >= 0 ? [cspHashOf(SPLASH_CLOCK_SCRIPT)] : [],
    laterStylesHref: page.laterStylesHref,
  };
}

/** The page after its head, whether its first screen is in it, and the CSP hashes of its inline scripts. */
export interface PageTail {
  html: string;
  drawn: boolean;
  scriptHashes: string[];
}

/** The page after its head: the root (with the first screen when prerendered), the answers, the end. */
export async function pageTail(cut: PageCut, settings: PageSettings, request: { url: string; referrer: string | undefined }, screen: FirstScreen | null): Promise<PageTail> {
  if (!screen) return { html: (cut.hasRoot ? cut.emptyRoot : '') + cut.end, drawn: false, scriptHashes: cut.emptyRootScriptHashes };
  const rendered = cut.prerender
    ? await cut.prerender({ url: request.url, referrer: request.referrer, config: widgetConfig(settings), lang: screen.lang, entries: catalogFor(screen.lang).entries, answers: screen.answers })
    : null;
  // A screen styled by the later sheet (a receipt) is drawn with it from the first paint: a style
  // sheet linked in the body holds back the rendering of what follows it until it has loaded. With
  // no sheet to link, the browser renders it.
  const markup = rendered?.laterStyles && !cut.laterStylesHref ? null : rendered;
  const sheet = markup?.laterStyles ? `<link rel="stylesheet" href="${cut.laterStylesHref}">` : '';
  const root = markup === null ? cut.emptyRoot : `${sheet}<div id="root" data-prerendered="${screen.lang}">${markup.html}</div>`;
  return {
    html: (cut.hasRoot ? root : '') + primedBlock(screen.answers) + (markup === null ? '' : textsBlock(markup.texts)) + cut.end,
    drawn: markup !== null && cut.hasRoot,
    scriptHashes: markup === null ? cut.emptyRootScriptHashes : [],
  };
}
