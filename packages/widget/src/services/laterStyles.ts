// The styles the first screen does not need (styles.later.css: receipts, waits, cash, crypto, the
// wallet, the pages) are a style sheet of their own, out of the page's first load. The build writes
// its hashed address in place of this placeholder (scripts/rollup-widget-html.mjs); unbuilt (tests,
// the server's prerender) there is no sheet and nothing to wait for.
const HREF: string = '__PASARELA_LATER_STYLES__';

/**
 * Links the style sheet at `href` once, and resolves when it has loaded. A sheet that fails to load
 * still resolves (the screen shows), and the next call tries again. Any `href` not starting with
 * `/` (the placeholder left in an unbuilt module) links nothing.
 */
export function styleSheetLoader(href: string, doc: () => Document | undefined = () => (typeof document === 'undefined' ? undefined : document)): () => Promise<void> {
  let loading: Promise<void> | null = null;
  return () => {
    const page = doc();
    if (!page || !href.startsWith('/')) return Promise.resolve();
    // The server links it in a page whose first screen it styles (a receipt's): applied before the page showed.
    if ([...page.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.getAttribute('href') === href)) return Promise.resolve();
    loading ??= new Promise<void>((resolve) => {
      const link = page.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => resolve();
      link.onerror = () => {
        link.remove();
        loading = null;
        resolve();
      };
      page.head.appendChild(link);
    });
    return loading;
  };
}

/**
 * The later style sheet: a screen other than the checkout, or a method's screen other than the
 * card's, waits for it (with its own chunk) before it first shows, so it never shows unstyled.
 */
export const laterStyles: () => Promise<void> = styleSheetLoader(HREF);
