// The page's script when the server rendered the first screen: the widget's code waits for the first frame
// that shows the form instead of competing with it. An Escape pressed before it runs is kept for main.tsx.
const main = new URL(import.meta.url).searchParams.get('main') ?? '';
const keepEscape = (event: KeyboardEvent) => {
  if (event.key === 'Escape') document.documentElement.dataset['escapePressed'] = '';
};
document.addEventListener('keydown', keepEscape);
if (/^\/widget\/assets\/[\w-]+\.js$/.test(main)) {
  requestAnimationFrame(() => setTimeout(() => import(main).finally(() => document.removeEventListener('keydown', keepEscape)), 0));
}
