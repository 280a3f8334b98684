import type { Language } from './constants';

/** Never another language's words when the payer's was given. */
export function merchantTextIn(defaultText: string, translations: unknown, field: string, lang: Language): string {
  const words = typeof translations === 'object' && translations !== null ? (translations as Record<string, unknown>)[lang] : undefined;
  const text = typeof words === 'object' && words !== null ? (words as Record<string, unknown>)[field] : undefined;
  return typeof text === 'string' && text.trim() !== '' ? text : defaultText;
}
