// The page's script when the server rendered the first screen: the widget's code waits for the first frame
// that shows the form instead of competing with it. An Escape pressed before it runs is kept for main.tsx:
// on the form itself by the page's own first script (rollup-widget-html.mjs), in the card vault's field
// here, told by its page (only that frame, from its own origin, is heard).
const main = new URL(import.meta.url).searchParams.get('main') ?? '';
const onVaultMessage = (event: MessageEvent) => {
  const frame = document.querySelector<HTMLIFrameElement>('iframe.vault-fields');
  if (!frame || event.source !== frame.contentWindow || event.origin !== new URL(frame.src, location.href).origin) return;
  if ((event.data as { type?: unknown } | null)?.type === 'pasarela-vault:escape') document.documentElement.dataset['escaped'] = '';
};
window.addEventListener('message', onVaultMessage);
if (/^\/widget\/assets\/[\w-]+\.js$/.test(main)) {
  // The first animation frame, or 200 ms without one: Chromium draws no frame in another site's frame
  // off the shop's screen (an inline checkout below the fold), which would wait until scrolled to
  // (services/afterFirstScreen.ts nextFrame, kept apart here so that this page's script stays one file).
  let start = () => {
    start = () => undefined;
    setTimeout(() => import(main).finally(() => window.removeEventListener('message', onVaultMessage)), 0);
  };
  requestAnimationFrame(() => start());
  setTimeout(() => start(), 200);
}
