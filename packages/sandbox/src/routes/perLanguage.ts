import * as v from 'valibot';
import { freeText, LANGUAGES, type Language, type MerchantTranslations, type TextPerLanguage } from '@pasarela/core';

/** The sandbox's own calls keep nothing of an empty one; the merchant API refuses it. */
interface PerLanguageOptions { allowEmpty: boolean; multiline?: boolean }

/** `field` (`descriptions`, `titles`) as `{ es?, en? }`, each a `noun` of at most `max` characters. */
export const perLanguageSchema = (field: string, noun: string, max: number, { allowEmpty, multiline = false }: PerLanguageOptions) => {
  const textIn = (lang: Language) => {
    const name = `${field}.${lang}`;
    const text = v.pipe(
      freeText(max, { multiline, missingMessage: `${name} must be a string`, tooLongMessage: `${name} is longer than ${max} characters`, charactersMessage: `${name} must not hold control or bidi characters` }),
      v.trim(),
    );
    return allowEmpty ? text : v.pipe(text, v.minLength(1, `${name} must not be empty`));
  };
  const entries = Object.fromEntries(LANGUAGES.map((lang) => [lang, v.optional(textIn(lang))])) as { [L in Language]: v.OptionalSchema<ReturnType<typeof textIn>, undefined> };
  return v.strictObject(entries, `${field} must map ${LANGUAGES.join(' or ')} to a ${noun}`);
};

/** Migration 035's shape from each stored field's texts: `{ title: { en } }` -> `{ en: { title } }`, empty ones left out. */
export function translationsOf(fields: Record<string, TextPerLanguage | undefined>): MerchantTranslations {
  const translations: MerchantTranslations = {};
  for (const [field, texts] of Object.entries(fields)) {
    for (const lang of LANGUAGES) {
      const text = texts?.[lang];
      if (text) translations[lang] = { ...translations[lang], [field]: text };
    }
  }
  return translations;
}
