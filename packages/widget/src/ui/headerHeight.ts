/**
 * The header's height, kept on its page as `--header-height` while it shows: styles.css keeps what
 * the browser scrolls into view (a focused control and its label) below the checkout's sticky
 * header, however tall a long shop name or the close button makes it (WCAG 2.2 SC 2.4.11).
 */
export function followHeaderHeight(header: HTMLElement | null): () => void {
  const page = header?.parentElement;
  if (!header || !page || typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(() => {
    page.style.setProperty('--header-height', `${Math.ceil(header.getBoundingClientRect().height)}px`);
  });
  observer.observe(header);
  return () => {
    observer.disconnect();
    page.style.removeProperty('--header-height');
  };
}
