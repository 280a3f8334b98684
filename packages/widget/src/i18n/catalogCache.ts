import type { Language } from '@pasarela/core';
import type { Entries } from '@pasarela/core/translator';
import { loadCatalog, loadCatalogVersion, loadCatalogAt } from '../api/loadCatalog';
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

/** SPEC 1: cached by version; offline the cached copy, else the bundled one. `address`: the catalogue's own address the page names (cached for good). */
export async function loadEntries(api: ApiClient, lang: Language, storage: Storage | null, options: { address?: string | null } = {}): Promise<Entries> {
  const cached = readCache(storage, lang);
  let version: number | null = null;
  try {
    version = await loadCatalogVersion(api);
  } catch {
    if (cached) return cached.entries;
  }
  if (cached && cached.version === version) return cached.entries;
  try {
    return await download(api, lang, storage, options.address);
  } catch {
    return cached ? cached.entries : bundledEntries(lang);
  }
}

async function download(api: ApiClient, lang: Language, storage: Storage | null, address?: string | null): Promise<Entries> {
  const catalog = address ? await loadCatalogAt(address).catch(() => loadCatalog(api, lang)) : await loadCatalog(api, lang);
  writeCache(storage, lang, { version: catalog.version, entries: catalog.entries });
  return catalog.entries;
}

const CATALOG_ADDRESS_ID = 'pasarela-catalog';

/** The catalogue's address the page names for this language (`{ lang, href }` in a JSON element), or null. */
export function catalogAddressOf(doc: Document, lang: Language): string | null {
  try {
    const named = JSON.parse(doc.getElementById(CATALOG_ADDRESS_ID)?.textContent ?? 'null') as { lang?: unknown; href?: unknown } | null;
    return named?.lang === lang && typeof named.href === 'string' ? named.href : null;
  } catch {
    return null;
  }
}
