import { catalogs, type Language } from '@pasarela/core';

/** The catalog shipped with the code, used only when neither the server nor the cache has one. */
export function bundledCatalog(lang: Language): Record<string, string> {
  return { ...catalogs[lang] };
}
