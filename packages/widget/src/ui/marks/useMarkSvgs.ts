import { useEffect, useState } from 'react';
import { afterFirstScreen } from '../../services/afterFirstScreen';

export type MarkSvgs = typeof import('./markSvgs');

let loaded: MarkSvgs | null = null;
let loading: Promise<MarkSvgs> | null = null;

// Decoration: the drawings wait for the browser's second idle moment after the first screen, once
// the work a payment needs (the captcha, the messaging code: afterFirstScreen) has started.
function loadMarkSvgs(): Promise<MarkSvgs> {
  loading ??= afterFirstScreen()
    .then(afterFirstScreen)
    .then(() => import('./markSvgs'))
    .then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = null; // a later mark tries again
        throw error;
      },
    );
  return loading;
}

/**
 * The marks' drawings once their chunk is there: null until then (a prerendered page and the
 * browser's first render agree on that), 'failed' if it cannot be loaded.
 */
export function useMarkSvgs(): MarkSvgs | 'failed' | null {
  const [svgs, setSvgs] = useState<MarkSvgs | 'failed' | null>(loaded);
  useEffect(() => {
    if (svgs !== null) return;
    let live = true;
    loadMarkSvgs().then(
      (module) => live && setSvgs(module),
      () => live && setSvgs('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  return svgs;
}
