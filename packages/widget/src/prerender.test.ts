import { describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import { firstScreenTexts } from './prerender';

// Back from Clave's bank page, the checkout it leads to loaded under the return page's texts alone:
// its loading page read the key "loading", with the focus on it, until the whole catalogue came.
describe('the texts a server-drawn page carries', () => {
  it.each(['es', 'en'] as const)('%s: its screen\'s, and the loading page\'s for the screen after it', (lang) => {
    const texts = firstScreenTexts(new Set(['clave_returning']), catalogs[lang]);
    expect(texts).toEqual({ clave_returning: catalogs[lang].clave_returning, loading: catalogs[lang].loading });
  });
});
