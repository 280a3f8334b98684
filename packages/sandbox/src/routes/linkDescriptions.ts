import * as v from 'valibot';
import { freeText, LANGUAGES, type Language } from '@pasarela/core';

/** One line the payer reads, in every language. */
export const LINK_DESCRIPTION_MAX = 200;

const describedIn = (lang: Language, allowEmpty: boolean) => {
  const field = `descriptions.${lang}`;
  const text = v.pipe(
    freeText(LINK_DESCRIPTION_MAX, { missingMessage: `${field} must be a string`, tooLongMessage: `${field} is longer than ${LINK_DESCRIPTION_MAX} characters`, charactersMessage: `${field} must not hold control or bidi characters` }),
    v.trim(),
  );
  return allowEmpty ? text : v.pipe(text, v.minLength(1, `${field} must not be empty`));
};

/** es and en; the sandbox's own call allows an empty one (nothing kept), the merchant API refuses it. */
export const linkDescriptionsSchema = ({ allowEmpty }: { allowEmpty: boolean }) =>
  v.strictObject(
    { es: v.optional(describedIn('es', allowEmpty)), en: v.optional(describedIn('en', allowEmpty)) },
    `descriptions must map ${LANGUAGES.join(' or ')} to a description`,
  );

/** Migration 035: `{ en: { description } }`, empty ones left out. */
export function linkTranslationsOf(descriptions: Partial<Record<Language, string>> | undefined): Record<string, { description: string }> {
  return Object.fromEntries(Object.entries(descriptions ?? {}).filter(([, text]) => text).map(([lang, text]) => [lang, { description: text }]));
}

export function descriptionsOfLink(translations: unknown): Partial<Record<Language, string>> {
  const kept = typeof translations === 'object' && translations !== null ? (translations as Record<string, unknown>) : {};
  const descriptions: Partial<Record<Language, string>> = {};
  for (const lang of LANGUAGES) {
    const words = kept[lang];
    const text = typeof words === 'object' && words !== null ? (words as Record<string, unknown>)['description'] : undefined;
    if (typeof text === 'string' && text !== '') descriptions[lang] = text;
  }
  return descriptions;
}
