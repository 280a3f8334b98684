import type { MerchantTranslations, TextPerLanguage } from '@pasarela/core';
import { perLanguageSchema, translationsOf } from './perLanguage';

/** One line the payer reads, in every language. */
export const LINK_DESCRIPTION_MAX = 200;

/** es and en; the sandbox's own call allows an empty one (nothing kept), the merchant API refuses it. */
export const linkDescriptionsSchema = ({ allowEmpty }: { allowEmpty: boolean }) =>
  perLanguageSchema('descriptions', 'description', LINK_DESCRIPTION_MAX, { allowEmpty });

/** Migration 035: `{ en: { description } }`, empty ones left out. */
export const linkTranslationsOf = (descriptions: TextPerLanguage | undefined): MerchantTranslations => translationsOf({ description: descriptions });
