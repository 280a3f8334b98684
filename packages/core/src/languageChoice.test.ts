import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, pickLanguage, recordedLanguage } from './languageChoice';

describe('pickLanguage: SPEC 1 "Spanish by default, with English available... taken from the browser (es or en)"', () => {
  it.each([
    [null, ['en-US', 'es'], 'en'],
    [null, ['fr-FR', 'es-PA'], 'es'],
    [null, ['fr-FR'], 'es'],
    // the first of es or en in the browser's order, not only its first language
    [null, ['fr-FR', 'en-GB', 'es'], 'en'],
    [null, ['de', 'fr', 'en'], 'en'],
    [null, [], 'es'],
    ['en', ['es-PA'], 'en'],
    ['EN', [], 'en'],
    ['de', ['en'], 'en'],
  ] as const)('asked %s, browser %j: %s', (asked, browser, lang) => {
    expect(pickLanguage(asked, browser)).toBe(lang);
  });

  it.each([
    ['en-US,en;q=0.9,es;q=0.8', ['en-US', 'en', 'es']],
    ['es;q=0.5, en;q=0.9', ['en', 'es']],
    ['fr, *;q=0.1', ['fr']],
    ['en;q=0, es', ['es']],
    ['en; q=0.5, es', ['es', 'en']],
    ['en;level=1;q=0.5, fr;q=0.1', ['en', 'fr']],
    ['en ;q=0.9', ['en']],
    [', en', ['en']],
    ['fr;q=0.5, en;q=0.5, es;q=0.5', ['fr', 'en', 'es']],
    ['', []],
    [undefined, []],
  ])('Accept-Language %j lists %j', (header, tags) => {
    expect(acceptLanguageTags(header)).toEqual(tags);
  });
});

describe('recordedLanguage: SPEC 1 "Spanish by default, with English available", as a payment or a subscription recorded it', () => {
  it.each([
    ['en', 'en'],
    ['es', 'es'],
    [null, 'es'],
    [undefined, 'es'],
    ['', 'es'],
    ['fr', 'es'],
  ] as const)('recorded %s: %s', (recorded, lang) => {
    expect(recordedLanguage(recorded)).toBe(lang);
  });
});
