import { DEFAULT_LANGUAGE, type Language } from '@pasarela/core';
import type { Entries } from './catalogCache';

// The widget's translator: the catalog's flat keys, `{{name}}` holes and plurals by
// Intl.PluralRules (`key_one`, `key_other`, and `key_zero` for a count of 0, over `key`), as
// i18next reads the same files. It replaces i18next in the first load (about 15.8 KB gzip of the
// 50 KB it may weigh, issue 25); the catalogs, their version and cache (catalogCache.ts) are the same.

/** Each language's entries, kept as first given (the server's prerender renders several). */
const catalogs = new Map<Language, Entries>();
let current: Language = DEFAULT_LANGUAGE;
let entries: Entries = {};
let plurals: Intl.PluralRules | null = null;

const HOLE = /\{\{\s*(\w+)\s*\}\}/g;
const own = (from: Entries, key: string): string | undefined => (Object.prototype.hasOwnProperty.call(from, key) ? from[key] : undefined);

function use(lang: Language): void {
  current = lang;
  entries = catalogs.get(lang) ?? {};
  plurals = null;
}

export async function startI18n(lang: Language, loaded: Entries): Promise<void> {
  catalogs.set(lang, loaded);
  use(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * The server's prerender (prerender.tsx): every language it has rendered stays loaded, and this
 * switches to `lang` at once, before a render that runs synchronously to the end.
 */
export function switchCatalog(lang: Language, loaded: Entries): void {
  if (!catalogs.has(lang)) catalogs.set(lang, loaded);
  use(lang);
}

/** The entry a call reads: with a numeric `count`, its plural form first when the catalog has one. */
function textOf(key: string, count: unknown): string | undefined {
  if (typeof count === 'number') {
    const zero = count === 0 ? own(entries, `${key}_zero`) : undefined;
    if (zero !== undefined) return zero;
    plurals ??= new Intl.PluralRules(current);
    const plural = own(entries, `${key}_${plurals.select(count)}`);
    if (plural !== undefined) return plural;
  }
  return own(entries, key);
}

/**
 * The text for a catalog key, its `{{name}}` holes filled from `values` (a hole `values` does not
 * name stays as written; values are text, never HTML, and are not read for holes again). An unknown key shows
 * the key itself rather than nothing.
 */
export function t(key: string, values?: Record<string, string | number>): string {
  const text = textOf(key, values?.count) ?? key;
  if (!values || !text.includes('{{')) return text;
  return text.replace(HOLE, (hole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(values, name)) return hole;
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export function hasText(key: string): boolean {
  return own(entries, key) !== undefined;
}

export function currentLanguage(): Language {
  return current;
}
