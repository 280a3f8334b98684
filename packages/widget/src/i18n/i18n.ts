import i18next from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '@pasarela/core';
import type { Entries } from './catalogCache';

// One instance for the app; the language is fixed at start (from the address or the browser).
const instance = i18next.createInstance();
let current: Language = DEFAULT_LANGUAGE;

const OPTIONS = {
  fallbackLng: false,
  // Components render text nodes, never HTML, so escaping here would double-escape.
  interpolation: { escapeValue: false },
  returnNull: false,
  // The catalog's keys are flat names: no key paths or namespaces to look for in them (i18next
  // otherwise tests every key against both, on every call).
  keySeparator: false,
  nsSeparator: false,
} as const;

export async function startI18n(lang: Language, entries: Entries): Promise<void> {
  current = lang;
  await instance.init({ ...OPTIONS, lng: lang, resources: { [lang]: { translation: entries } } });
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * The server's prerender (prerender.tsx): every language it has rendered stays in the one instance,
 * and this switches to `lang` at once, before a render that runs synchronously to the end.
 */
export function switchCatalog(lang: Language, entries: Entries): void {
  if (!instance.isInitialized) {
    void instance.init({ ...OPTIONS, lng: lang, resources: {}, initAsync: false });
  }
  if (!instance.hasResourceBundle(lang, 'translation')) instance.addResourceBundle(lang, 'translation', entries);
  void instance.changeLanguage(lang);
  current = lang;
}

/** The text for a catalog key; an unknown key shows the key itself rather than nothing. */
export function t(key: string, values?: Record<string, string | number>): string {
  return instance.t(key, values ?? {}) as string;
}

export function hasText(key: string): boolean {
  return instance.exists(key);
}

export function currentLanguage(): Language {
  return current;
}
