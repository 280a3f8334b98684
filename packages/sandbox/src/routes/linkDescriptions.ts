import * as v from 'valibot';
import { freeText, LANGUAGES, type Language } from '@pasarela/core';

/** A link's description is one line the payer reads: at most this many characters, in every language. */
export const LINK_DESCRIPTION_MAX = 200;

/** A description in one language (`descriptions.en`), checked as `description` is. */
const describedIn = (lang: Language, allowEmpty: boolean) => {
  const field = `descriptions.${lang}`;
  const text = v.pipe(
    freeText(LINK_DESCRIPTION_MAX, { missingMessage: `${field} must be a string`, tooLongMessage: `${field} is longer than ${LINK_DESCRIPTION_MAX} characters`, charactersMessage: `${field} must not hold control or bidi characters` }),
    v.trim(),
  );
  return allowEmpty ? text : v.pipe(text, v.minLength(1, `${field} must not be empty`));
};

/**
 * `descriptions`: the link's description in each language the merchant writes it in (es, en; no
 * other key), `description` staying the default. The sandbox's own call lets a language be left
 * empty (nothing kept for it); the merchant API refuses an empty one, as it refuses an empty
 * `description`.
 */
export const linkDescriptionsSchema = ({ allowEmpty }: { allowEmpty: boolean }) =>
  v.strictObject(
    { es: v.optional(describedIn('es', allowEmpty)), en: v.optional(describedIn('en', allowEmpty)) },
    `descriptions must map ${LANGUAGES.join(' or ')} to a description`,
  );

/** What migration 035 keeps beside the default description: `{ en: { description } }`, empty ones left out. */
export function linkTranslationsOf(descriptions: Partial<Record<Language, string>> | undefined): Record<string, { description: string }> {
  return Object.fromEntries(Object.entries(descriptions ?? {}).filter(([, text]) => text).map(([lang, text]) => [lang, { description: text }]));
}

/** The descriptions per language a link keeps (migration 035's column), as the merchant API answers them. */
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
