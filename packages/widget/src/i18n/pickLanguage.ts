import { pickLanguage as pickFrom, type Language } from '@pasarela/core';

export function pickLanguage(params: URLSearchParams, browserLanguages: readonly string[]): Language {
  return pickFrom(params.get('lang'), browserLanguages);
}
