import type { CatalogKey, Language } from '@pasarela/core';
import { createTranslator, type Entries, type TextValues } from '@pasarela/core/translator';

// The widget's texts: core's catalogue through the shared i18next set-up, its keys typed from the
// Spanish catalogue (a key it lacks does not compile). The texts come from the remote catalogue
// cached by version (catalogCache.ts).

const translator = createTranslator<CatalogKey>();

/** Starts in `lang` with its texts and, for English, Spanish's for the keys English lacks. */
export async function startI18n(lang: Language, texts: Entries, spanish?: Entries): Promise<void> {
  translator.start(lang, texts, spanish);
}

/**
 * The server's prerender (prerender.tsx): every language it has rendered stays loaded, and this
 * switches to `lang` at once, before a render that runs synchronously to the end.
 */
export function switchCatalog(lang: Language, texts: Entries): void {
  translator.switchTo(lang, texts);
}

export function t(key: CatalogKey, values?: TextValues): string {
  return translator.t(key, values);
}

/** Whether the catalogue has `key` (a key a server's answer names, say). */
export function hasText(key: string): key is CatalogKey {
  return translator.has(key);
}

export function currentLanguage(): Language {
  return translator.language();
}
