import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pasarela/core';

function asLanguage(tag: string | null | undefined): Language | null {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : null;
}

/**
 * SPEC 1 "Texts are Spanish by default, with English available... The language is taken from the
 * browser (es or en)." An explicit `lang` in the address (the loader's option) wins.
 */
export function pickLanguage(params: URLSearchParams, browserLanguages: readonly string[]): Language {
  const asked = asLanguage(params.get('lang'));
  if (asked) return asked;
  for (const tag of browserLanguages) {
    const lang = asLanguage(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}
