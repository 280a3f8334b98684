import type { Language } from '@pasarela/core';
import type { Entries } from '@pasarela/core/translator';
import { loadCatalog, loadCatalogVersion, loadHintedCatalog } from '../api/loadCatalog';
import type { ApiClient } from '../api/client';

interface CachedCatalog {
  version: number;
  entries: Entries;
}

const CACHE_KEY_PREFIX = 'pasarela.catalog.';

function readCache(storage: Storage | null, lang: Language): CachedCatalog | null {
  try {
    const raw = storage?.getItem(CACHE_KEY_PREFIX + lang);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { version, entries } = parsed as Record<string, unknown>;
    if (typeof version !== 'number' || typeof entries !== 'object' || entries === null) return null;
    const clean: Record<string, string> = {};
    for (const [key, value] of Object.entries(entries)) if (typeof value === 'string') clean[key] = value;
    return { version, entries: clean };
  } catch {
    return null;
  }
}

function writeCache(storage: Storage | null, lang: Language, catalog: CachedCatalog): void {
  try {
    storage?.setItem(CACHE_KEY_PREFIX + lang, JSON.stringify(catalog));
  } catch {
    // A full or blocked storage only costs a download next time.
  }
}

async function bundledEntries(lang: Language): Promise<Entries> {
  // Lazy: the bundled catalogs are only a fallback and stay out of the first load.
  const { bundledCatalog } = await import('./bundledCatalog');
  return bundledCatalog(lang);
}

/** SPEC 1: cached by version; offline the cached copy, else the bundled one. `prefetched`: the address a preload hint started downloading. */
export async function loadEntries(api: ApiClient, lang: Language, storage: Storage | null, options: { prefetched?: string | null } = {}): Promise<Entries> {
  const cached = readCache(storage, lang);
  let version: number | null = null;
  try {
    version = await loadCatalogVersion(api);
  } catch {
    if (cached) return cached.entries;
  }
  if (cached && cached.version === version) {
    if (options.prefetched) void download(api, lang, storage, options.prefetched).catch(() => undefined);
    return cached.entries;
  }
  try {
    return await download(api, lang, storage, options.prefetched);
  } catch {
    return cached ? cached.entries : bundledEntries(lang);
  }
}

async function download(api: ApiClient, lang: Language, storage: Storage | null, hinted?: string | null): Promise<Entries> {
  // The hint's own request: the preloaded answer, or the cached one, not a second download.
  const catalog = hinted ? await loadHintedCatalog(hinted).catch(() => loadCatalog(api, lang)) : await loadCatalog(api, lang);
  writeCache(storage, lang, { version: catalog.version, entries: catalog.entries });
  return catalog.entries;
}

export const CATALOG_HINT_ID = 'pasarela-catalog';

/** The address the page's preload hint downloads for this language, or null. */
export function catalogPrefetched(doc: Document, lang: Language): string | null {
  const hint = doc.getElementById(CATALOG_HINT_ID);
  return hint?.getAttribute('hreflang') === lang ? hint.getAttribute('href') : null;
}
