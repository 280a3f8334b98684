import { SANDBOX_CLIENT_KEY, SANDBOX_WIDGET_KEY, SPLASH_MS, VERSION, catalogFor, splashMsFor, type Language, type PrimedAnswer } from '@pasarela/core';
import { cspHashOf, vaultOriginOf } from '../../http/widgetSecurity';
import type { Prerender } from '../../http/prerender';
import { SANDBOX_ENVIRONMENT } from '../../sandboxEnvironment';
import type { BuiltWidgetPage } from './builtWidgetPage';
import { catalogUrl, type FirstScreen } from './firstScreen';

// What the sandbox writes into the built widget page: config, catalogue address, first screen's answers and markup.

export interface PageSettings {
  wireEncoding: boolean;
  splashMs?: number | undefined;
  /** The first screen rendered from its answers into the page, with no splash; none when absent. */
  prerender?: Prerender | undefined;
  /** The card vault's public URL (settings vaultPublicUrl): its fields are framed by the card form. */
  vaultUrl?: string | undefined;
}

const ROOT = '<div id="root"></div>';
// The splash bar as far along as the start clock before the first paint: SPEC 2's 3000 ms count from
// navigation, and the frame paints later than that. styles.css reads it.
const SPLASH_CLOCK_SCRIPT = 'document.getElementById("root").style.setProperty("--splash-shown",-Math.round(performance.now())+"ms")';

// CSS draws the splash in the empty root from the first paint; the script's splash then takes over.
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
    ...(settings.vaultUrl ? { vaultUrl: settings.vaultUrl } : {}),
  };
}

/** The config, and the card vault's origin warmed up with the page: its fields' frame comes with the form. */
export function configScript(settings: PageSettings): string {
  const vault = vaultOriginOf(settings.vaultUrl);
  const preconnect = vault ? `<link rel="preconnect" href="${vault}">` : '';
  return `<script type="application/json" id="pasarela-config">${scriptJson(widgetConfig(settings))}</script>${preconnect}`;
}

// Where the widget downloads the whole catalogue (its fingerprinted address, cached for good): named,
// not preloaded. A preload is handed to the widget's own request in Chromium only; WebKit downloaded
// it twice on every open (issue 92), and the first screen's texts are in the page anyway.
function catalogAddress(lang: Language): string {
  return `<script type="application/json" id="pasarela-catalog">${scriptJson({ lang, href: catalogUrl(lang) })}</script>`;
}

/** The prerendered screen's texts; the widget downloads the whole catalogue once the form is up. */
function textsBlock(texts: Readonly<Record<string, string>>): string {
  return `<script type="application/json" id="pasarela-texts">${scriptJson(texts)}</script>`;
}

function primedBlock(answers: readonly PrimedAnswer[]): string {
  return `<script type="application/json" id="pasarela-primed">${scriptJson(answers)}</script>`;
}

/** The widget's script started through its boot chunk (boot.ts), once the first frame is on screen. */
export function startAfterFirstFrame(html: string): string {
  return html.replace(/<script type="module" src="([^"]+)" data-boot="([^"]+)"><\/script>/, (_tag, main: string, boot: string) => `<script type="module" src="${boot}?main=${encodeURIComponent(main)}"></script>`);
}

/** The page in the language the widget will pick, from its first paint (the build's says Spanish). */
export function inLanguage(html: string, lang: Language): string {
  return html.replace(/<html( [^>]*)?>/, (tag) => (/ lang="[^"]*"/.test(tag) ? tag.replace(/ lang="[^"]*"/, ` lang="${lang}"`) : tag.replace('<html', `<html lang="${lang}"`)));
}

/** The widget page for one language, cut at its root: what comes before it, and how the page ends after it. */
export interface PageCut {
  /** The head as built; startAfterFirstFrame() of it when the first screen is in the page. */
  head: string;
  end: string;
  hasRoot: boolean;
  prerender: Prerender | undefined;
  /** The empty root as the page carries it: marked when the page's start shows the splash. */
  emptyRoot: string;
  emptyRootScriptHashes: string[];
  /** The build's later style sheet (builtWidgetPage), linked before a prerendered screen it styles. */
  laterStylesHref: string | undefined;
}

/** A page with no splash (core splashMsFor) gets its first screen when the server entry can draw it. */
export function cutPage(page: BuiltWidgetPage, settings: PageSettings, lang: Language, address: URL): PageCut {
  const html = inLanguage(page.html, lang).replace('<!--pasarela-config-->', configScript(settings) + catalogAddress(lang));
  // A page without the root gets the answers before `</body>`.
  const rootAt = html.indexOf(ROOT);
  const splitAt = rootAt >= 0 ? rootAt : html.lastIndexOf('</body>');
  const [whole, end] = splitAt >= 0 ? [html.slice(0, splitAt), html.slice(rootAt >= 0 ? splitAt + ROOT.length : splitAt)] : [html, ''];
  // No splash: the first screen is in the page and the script starts after it shows (main.tsx reads the
  // same rule). A page naming a waiting payment (`pending`) gets one only when the widget's server entry
  // draws it: a card back from a failed 3DS challenge, on its form with the bank's reason; any other
  // wait is the browser's, which alone can follow it.
  const splash = splashMsFor(address, settings.splashMs ?? SPLASH_MS) > 0;
  const prerender = rootAt >= 0 && !splash ? settings.prerender : undefined;
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

export interface PageTail {
  html: string;
  drawn: boolean;
  scriptHashes: string[];
}

export async function pageTail(cut: PageCut, settings: PageSettings, request: { url: string; referrer: string | undefined }, screen: FirstScreen | null): Promise<PageTail> {
  if (!screen) return { html: (cut.hasRoot ? cut.emptyRoot : '') + cut.end, drawn: false, scriptHashes: cut.emptyRootScriptHashes };
  const rendered = cut.prerender
    ? await cut.prerender({ url: request.url, referrer: request.referrer, config: widgetConfig(settings), lang: screen.lang, entries: catalogFor(screen.lang).entries, answers: screen.answers })
    : null;
  // A sheet linked in the body holds back what follows until loaded: a screen needing it is drawn with it.
  const markup = rendered?.laterStyles && !cut.laterStylesHref ? null : rendered;
  const sheet = markup?.laterStyles ? `<link rel="stylesheet" href="${cut.laterStylesHref}">` : '';
  const root = markup === null ? cut.emptyRoot : `${sheet}<div id="root" data-prerendered="${screen.lang}">${markup.html}</div>`;
  return {
    html: (cut.hasRoot ? root : '') + primedBlock(screen.answers) + (markup === null ? '' : textsBlock(markup.texts)) + cut.end,
    drawn: markup !== null && cut.hasRoot,
    scriptHashes: markup === null ? cut.emptyRootScriptHashes : [],
  };
}
