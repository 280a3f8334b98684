import { LANGUAGES, type MerchantTranslations, type TextPerLanguage } from '@pasarela/core';
import { perLanguageSchema, translationsOf } from './perLanguage';

/** One line the payer reads, in every language. */
export const LINK_DESCRIPTION_MAX = 200;

/** es and en; the sandbox's own call allows an empty one (nothing kept), the merchant API refuses it. */
export const linkDescriptionsSchema = ({ allowEmpty }: { allowEmpty: boolean }) =>
  perLanguageSchema('descriptions', 'description', LINK_DESCRIPTION_MAX, { allowEmpty });

/** Migration 035: `{ en: { description } }`, empty ones left out. */
export const linkTranslationsOf = (descriptions: TextPerLanguage | undefined): MerchantTranslations => translationsOf({ description: descriptions });

export function descriptionsOfLink(translations: unknown): TextPerLanguage {
  const kept = typeof translations === 'object' && translations !== null ? (translations as Record<string, unknown>) : {};
  const descriptions: TextPerLanguage = {};
  for (const lang of LANGUAGES) {
    const words = kept[lang];
    const text = typeof words === 'object' && words !== null ? (words as Record<string, unknown>)['description'] : undefined;
    if (typeof text === 'string' && text !== '') descriptions[lang] = text;
  }
  return descriptions;
}
