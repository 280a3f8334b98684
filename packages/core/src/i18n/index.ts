import type { Language } from '../constants';
import { en } from './en';
import { es } from './es';

/** Bump when any text changes: clients cache the remote catalog by this number (SPEC 1). */
export const CATALOG_VERSION = 16;

export type CatalogKey = keyof typeof es;
export type Catalog = Record<string, string>;

export const catalogs: { es: Catalog; en: Catalog } = { es, en };

/** The body of GET /api/v1/translations (SPEC 7 "GET translation catalog ... cached by version"). */
export interface RemoteCatalog {
  version: number;
  lang: Language;
  entries: Catalog;
}

export function catalogFor(lang: Language): RemoteCatalog {
  return { version: CATALOG_VERSION, lang, entries: catalogs[lang] };
}

