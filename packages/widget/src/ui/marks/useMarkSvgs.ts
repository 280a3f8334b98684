import { useEffect, useState } from 'react';
import { afterFirstScreen } from '../../services/afterFirstScreen';

export type MarkSvgs = typeof import('./markSvgs');

let loaded: MarkSvgs | null = null;
let loading: Promise<MarkSvgs> | null = null;

// Decoration waits for the second idle moment, after the work a payment needs has started.
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

/** Null until then, so a prerendered page and the browser's first render agree. */
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
