import type { Language } from './constants';

/**
 * A text the merchant wrote for payers (a campaign's title and text, a link's description) in the
 * payer's language, from its words per language and field as stored beside its default text
 * (`{ en: { title: '...' } }`): its words in that language when it gave them, else its default text, the one
 * language it gave. Never another language's words when the payer's was given.
 */
export function merchantTextIn(defaultText: string, translations: unknown, field: string, lang: Language): string {
  const words = typeof translations === 'object' && translations !== null ? (translations as Record<string, unknown>)[lang] : undefined;
  const text = typeof words === 'object' && words !== null ? (words as Record<string, unknown>)[field] : undefined;
  return typeof text === 'string' && text.trim() !== '' ? text : defaultText;
}
