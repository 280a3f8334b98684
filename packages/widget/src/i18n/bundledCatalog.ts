import { catalogs, type Language } from '@pasarela/core';

export function bundledCatalog(lang: Language): Record<string, string> {
  return { ...catalogs[lang] };
}
