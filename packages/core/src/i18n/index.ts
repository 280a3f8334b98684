import type { Language } from '../constants';
import type { ServerErrorKey } from '../errorCodes';
import type { FrontendErrorKey } from '../errorKeys';
import type { ReceiptTitleKey } from '../receipt';
import type { ValidationKey } from '../validationKeys';
import { en } from './en';
import { es } from './es';

/** Bump when any text changes: clients cache the remote catalog by this number (SPEC 1). */
export const CATALOG_VERSION = 75;

export type CatalogKey = keyof typeof es;
type Catalog = Record<string, string>;

/** The compiler checks every key core's rules answer with has a text in both languages. */
type Complete = Record<ValidationKey | FrontendErrorKey | ServerErrorKey | ReceiptTitleKey, string>;
const complete: { es: Complete; en: Complete } = { es, en };
export const catalogs: { es: Catalog; en: Catalog } = complete;

interface RemoteCatalog {
  version: number;
  lang: Language;
  entries: Catalog;
}

/** An error's detail (`detail_`) is worded by the server alone: the payer's download goes without them. */
const SERVER_ONLY = /^detail_/;
const served = (lang: Language): Catalog => Object.fromEntries(Object.entries(catalogs[lang]).filter(([key]) => !SERVER_ONLY.test(key)));
const remote = { es: served('es'), en: served('en') };

export function catalogFor(lang: Language): RemoteCatalog {
  return { version: CATALOG_VERSION, lang, entries: remote[lang] };
}

