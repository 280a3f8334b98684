import type { CatalogKey, Language } from '@pasarela/core';
import { createTranslator, type Entries, type TextValues } from '@pasarela/core/translator';

// Keys typed from the Spanish catalogue: a key it lacks does not compile.

const translator = createTranslator<CatalogKey>();

let used: Set<string> | null = null;
let whole: Promise<unknown> = Promise.resolve();

export async function startI18n(lang: Language, texts: Entries, spanish?: Entries): Promise<void> {
  translator.start(lang, texts, spanish);
}

/** The server's prerender: every rendered language stays loaded, and the switch is synchronous. */
export function switchCatalog(lang: Language, texts: Entries): void {
  translator.switchTo(lang, texts);
}

export function t(key: CatalogKey, values?: TextValues): string {
  used?.add(key);
  return translator.t(key, values);
}

/** The server's prerender records the keys a render asks for, so the page carries the first screen's texts. */
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

export function startWholeLater(load: Promise<unknown>): void {
  whole = load;
}

export function wholeTexts(): Promise<void> {
  return whole.then(
    () => undefined,
    () => undefined,
  );
}

export function hasText(key: string): key is CatalogKey {
  return translator.has(key);
}

export function currentLanguage(): Language {
  return translator.language();
}
