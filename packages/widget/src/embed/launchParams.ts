// A 3DS return lands on a receipt address without the loader's query: the launch parameters are kept
// in the tab's memory. Without storage a 3DS return runs as a page of its own.

import { MODAL_PARAM } from '@pasarela/core';
import { launchMemory } from '../services/tabMemory';

const KEPT = ['parentOrigin', 'lang', 'appearance', MODAL_PARAM] as const;

export function launchParams(search: string, storage: Storage | null): URLSearchParams {
  const params = new URLSearchParams(search);
  const fresh = new URLSearchParams();
  for (const name of KEPT) {
    const value = params.get(name);
    if (value !== null) fresh.set(name, value);
  }
  if ([...fresh.keys()].length > 0) {
    launchMemory.set(storage, fresh.toString());
    return params;
  }
  const stored = new URLSearchParams(launchMemory.get(storage) ?? '');
  for (const name of KEPT) {
    const value = stored.get(name);
    if (value !== null) params.set(name, value);
  }
  return params;
}
