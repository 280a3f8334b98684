// Out of the page's first load; the build writes the sheet's hashed address over this placeholder.
const HREF: string = '__PASARELA_LATER_STYLES__';

/** A sheet that fails still resolves (the screen shows), and the next call tries again. */
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

/** So a screen never shows unstyled. */
export const laterStyles: () => Promise<void> = styleSheetLoader(HREF);
