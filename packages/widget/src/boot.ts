// The widget page's script when the server has rendered the first screen into the page
// (prerender.tsx): the form is on the page and takes input without any script, so the widget's
// code, its download and compiling, waits for the first frame that shows the form instead of
// competing with it. The page names the code in this script's own address (`?main=`), one of the
// widget's own chunks.
// An Escape pressed on the drawn form before that code runs, whose listener relays it to the
// merchant page, is kept on the page's root for it (main.tsx), so the payer's close is not lost.
const main = new URL(import.meta.url).searchParams.get('main') ?? '';
const keepEscape = (event: KeyboardEvent) => {
  if (event.key === 'Escape') document.documentElement.dataset['escapePressed'] = '';
};
document.addEventListener('keydown', keepEscape);
if (/^\/widget\/assets\/[\w-]+\.js$/.test(main)) {
  requestAnimationFrame(() => setTimeout(() => import(main).finally(() => document.removeEventListener('keydown', keepEscape)), 0));
}
