import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';

function asLanguage(tag: string | null | undefined): Language | null {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : null;
}

/** An explicit `lang` in the address (the loader's option) wins over the browser's. */
export function pickLanguage(asked: string | null, browserLanguages: readonly string[]): Language {
  const explicit = asLanguage(asked);
  if (explicit) return explicit;
  for (const tag of browserLanguages) {
    const lang = asLanguage(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

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

/** A payer's language as recorded with a payment or a subscription (es or en); SPEC 1's default, Spanish, for anything else. */
export function recordedLanguage(recorded: string | null | undefined): Language {
  return recorded === 'en' || recorded === 'es' ? recorded : DEFAULT_LANGUAGE;
}
