import { withStickyParams } from './route';

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * In-app navigation: replaces the entry so Back leaves the checkout instead of re-entering a paid
 * form. `shown`: the screen on show is already the new address's, so the router is not told (it
 * would start that screen again, behind a loading page while its chunk and texts come).
 */
export function navigate(path: string, options: { shown?: boolean } = {}): void {
  const next = withStickyParams(path, new URL(location.href));
  if (next !== location.pathname + location.search) history.replaceState(null, '', next);
  shownAddress = options.shown ? location.href : null;
  if (!options.shown) listeners.forEach((fn) => fn());
}

/** The address a `shown` navigation replaced, while the page is still at it. */
let shownAddress: string | null = null;

/** Whether the page's address is one the screen on show replaced for itself (navigate's `shown`): the router keeps its route. */
export function isShownAddress(href: string): boolean {
  return shownAddress !== null && href === shownAddress;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onPop = () => listener();
  window.addEventListener('popstate', onPop);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', onPop);
  };
}
