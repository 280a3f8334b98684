import type { Language } from './constants';

/** One text a merchant writes for its payers, in the languages it gives; its default text covers the others. */
export type TextPerLanguage = Partial<Record<Language, string>>;

/** What a merchant wrote per language beside its default text (migration 035): `{ en: { title, description } }`. */
export type MerchantTranslations = Partial<Record<Language, Record<string, string>>>;

/** Never another language's words when the payer's was given. */
export function merchantTextIn(defaultText: string, translations: unknown, field: string, lang: Language): string {
  const words = typeof translations === 'object' && translations !== null ? (translations as Record<string, unknown>)[lang] : undefined;
  const text = typeof words === 'object' && words !== null ? (words as Record<string, unknown>)[field] : undefined;
  return typeof text === 'string' && text.trim() !== '' ? text : defaultText;
}
