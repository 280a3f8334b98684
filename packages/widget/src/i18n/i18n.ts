import type { CatalogKey, Language } from '@pasarela/core';
import { createTranslator, type Entries, type TextValues } from '@pasarela/core/translator';

// The widget's texts: core's catalogue through the shared i18next set-up, its keys typed from the
// Spanish catalogue (a key it lacks does not compile). The texts come from the remote catalogue
// cached by version (catalogCache.ts).

const translator = createTranslator<CatalogKey>();

// The keys a render asks for, while the server's prerender records them (keysUsedBy).
let used: Set<string> | null = null;
// Settles once the whole catalogue is in, or could not be had (startWholeLater).
let whole: Promise<unknown> = Promise.resolve();

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
  used?.add(key);
  return translator.t(key, values);
}

/**
 * The server's prerender: the keys `render` (synchronous) asks for, so the page can carry the
 * first screen's texts and the widget show that screen before its catalogue is downloaded.
 */
export function keysUsedBy(render: () => void): Set<string> {
  const keys = new Set<string>();
  used = keys;
  try {
    render();
  } finally {
    used = null;
  }
  return keys;
}

/**
 * Started with only the first screen's texts (the page's): `load` brings the whole catalogue, which
 * replaces them; pieces shown later wait for it (wholeTexts).
 */
export function startWholeLater(load: Promise<unknown>): void {
  whole = load;
}

/** Resolves once the whole catalogue is in, or could not be had (the first screen's texts stay). */
export function wholeTexts(): Promise<void> {
  return whole.then(
    () => undefined,
    () => undefined,
  );
}

/** Whether the catalogue has `key` (a key a server's answer names, say). */
export function hasText(key: string): key is CatalogKey {
  return translator.has(key);
}

export function currentLanguage(): Language {
  return translator.language();
}
