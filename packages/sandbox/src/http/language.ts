import { LANGUAGES, acceptLanguageTags, pickLanguage, type Language } from '@pasarela/core';

export function asLanguage(value: unknown): Language | undefined {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : undefined;
}

/** The request's language (core pickLanguage): ?lang=, then Accept-Language's most wanted es/en, then SPEC's default (es). */
export function requestLanguage(query: string | undefined, acceptLanguage: string | undefined): Language {
  return pickLanguage(query ?? null, acceptLanguageTags(acceptLanguage));
}
