import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pasarela/core';

export function asLanguage(value: unknown): Language | undefined {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : undefined;
}

/** The request's language: ?lang=, then Accept-Language's first es/en, then SPEC's default (es). */
export function requestLanguage(query: string | undefined, acceptLanguage: string | undefined): Language {
  const fromQuery = asLanguage(query);
  if (fromQuery) return fromQuery;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const lang = asLanguage(part.trim().slice(0, 2).toLowerCase());
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}
