import i18next from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '@pasarela/core';
import type { Entries } from './catalogCache';

// One instance for the app; the language is fixed at start (from the address or the browser).
const instance = i18next.createInstance();
let current: Language = DEFAULT_LANGUAGE;

export async function startI18n(lang: Language, entries: Entries): Promise<void> {
  current = lang;
  await instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: entries } },
    // Components render text nodes, never HTML, so escaping here would double-escape.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
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
