import { useEffect, useState } from 'react';
import { afterFirstScreen } from '../services/afterFirstScreen';
import { laterStyles } from '../services/laterStyles';
import { wholeTexts } from '../i18n/i18n';

/**
 * A module not needed to start paying, fetched once the first screen is up. The server's prerender
 * never runs effects, so the page's markup and the first render agree.
 */
export function useLater<T>(load: (() => Promise<T>) | null): T | null {
  const [module, setModule] = useState<T | null>(null);
  useEffect(() => {
    if (!load) return;
    let live = true;
    void afterFirstScreen()
      .then(() => Promise.all([load(), laterStyles(), wholeTexts()]))
      .then(([m]) => live && setModule(() => m))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  // Once: a screen's pieces are decided by its data, which a screen keeps.
  }, []);
  return module;
}
