import { withStickyParams } from './route';

type Listener = () => void;
const listeners = new Set<Listener>();

/** In-app navigation: replaces the entry so Back leaves the checkout instead of re-entering a paid form. */
export function navigate(path: string): void {
  const next = withStickyParams(path, new URL(location.href));
  if (next !== location.pathname + location.search) history.replaceState(null, '', next);
  listeners.forEach((fn) => fn());
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
