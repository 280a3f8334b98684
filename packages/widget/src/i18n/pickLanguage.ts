import { pickLanguage as pickFrom, type Language } from '@pasarela/core';

/** SPEC 1: the address's `lang` (the loader's option) or else the browser's languages (core pickLanguage). */
export function pickLanguage(params: URLSearchParams, browserLanguages: readonly string[]): Language {
  return pickFrom(params.get('lang'), browserLanguages);
}
