import { withStickyParams } from './route';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Replaces the entry so Back leaves the checkout instead of re-entering a paid form. `shown`: the router is not told. */
export function navigate(path: string, options: { shown?: boolean } = {}): void {
  const next = withStickyParams(path, new URL(location.href));
  if (next !== location.pathname + location.search) history.replaceState(null, '', next);
  shownAddress = options.shown ? location.href : null;
  if (!options.shown) listeners.forEach((fn) => fn());
}

let shownAddress: string | null = null;

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
