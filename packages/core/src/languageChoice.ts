import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';

// Which of the two languages (SPEC 1: es by default, en) a payer is shown, from what the address asks
// and what the browser says it prefers.

function asLanguage(tag: string | null | undefined): Language | null {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : null;
}

/**
 * SPEC 1 "Texts are Spanish by default, with English available... The language is taken from the
 * browser (es or en)." An explicit `lang` in the address (the loader's option) wins.
 */
export function pickLanguage(asked: string | null, browserLanguages: readonly string[]): Language {
  const explicit = asLanguage(asked);
  if (explicit) return explicit;
  for (const tag of browserLanguages) {
    const lang = asLanguage(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

/** The browser's languages as an Accept-Language header lists them, most wanted first. */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}
