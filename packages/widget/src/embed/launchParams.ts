// A 3DS return lands on a receipt address without the loader's query: the launch parameters are kept
// per tab. sessionStorage is per tab and per origin, so no other page can plant them.

import { MODAL_PARAM } from '@pasarela/core';

const KEY = 'pasarela.launch';
const KEPT = ['parentOrigin', 'lang', 'appearance', MODAL_PARAM] as const;

export function launchParams(search: string, storage: Storage | null): URLSearchParams {
  const params = new URLSearchParams(search);
  try {
    const stored = new URLSearchParams(storage?.getItem(KEY) ?? '');
    const fresh = new URLSearchParams();
    for (const name of KEPT) {
      const value = params.get(name);
      if (value !== null) fresh.set(name, value);
    }
    if ([...fresh.keys()].length > 0) {
      storage?.setItem(KEY, fresh.toString());
      return params;
    }
    for (const name of KEPT) {
      const value = stored.get(name);
      if (value !== null) params.set(name, value);
    }
  } catch {
    // Without storage a 3DS return runs as a page of its own.
  }
  return params;
}
