import { withStickyParams } from './route';

type Listener = () => void;
const listeners = new Set<Listener>();

/** The history state of a page opened on top of another, naming the address Back returns to. */
export const BACK_TO_STATE = 'pasarelaBackTo';

/**
 * Replaces the entry so Back leaves the checkout instead of re-entering a paid form. `shown`: the router
 * is not told. `back`: a page opened on top of this one (the wallet's signup or recovery from the
 * checkout's login): this entry becomes `back` and the page is a new entry, so Back returns to `back`.
 */
export function navigate(path: string, options: { shown?: boolean; back?: string } = {}): void {
  const here = new URL(location.href);
  const next = withStickyParams(path, here);
  if (options.back !== undefined) {
    const back = withStickyParams(options.back, here);
    history.replaceState(history.state, '', back);
    history.pushState({ [BACK_TO_STATE]: back }, '', next);
  } else if (next !== location.pathname + location.search) history.replaceState(null, '', next);
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
