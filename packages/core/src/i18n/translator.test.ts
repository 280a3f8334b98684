import { describe, expect, it } from 'vitest';
import type { Language } from '../constants';
import { createTranslator, loadTexts, type Entries } from './translator';

// The shared i18next set-up (SPEC 1 "Texts are Spanish by default, with English available, loaded
// from a remote translation catalog"): holes, plurals, and Spanish for a key English lacks.
const spanish = {
  pay_button: 'Pagar {{amount}}',
  spaced: 'Quedan {{ count }} de {{total}}',
  twice: '{{name}} y {{name}}',
  plain: 'Sin huecos',
  tries: 'Intentos: {{count}}',
  items_one: 'Un artículo',
  items_other: '{{count}} artículos',
  items_zero: 'Ningún artículo',
  only_new: 'Solo en español',
  'periods.WE': 'Semanal',
  'colon:key': 'Con dos puntos',
};
const english = { pay_button: 'Pay {{amount}}', plain: 'No holes', items_one: 'One item', items_other: '{{count}} items', only_new: '' };

describe('translator', () => {
  it.each([
    ['fills a hole', 'pay_button', { amount: 'B/.10.00' }, 'Pagar B/.10.00'],
    ['fills holes with spaces inside the braces and several holes', 'spaced', { count: 2, total: 5 }, 'Quedan 2 de 5'],
    ['fills the same hole twice', 'twice', { name: 'Ana' }, 'Ana y Ana'],
    ['does not read a value for holes again, nor as HTML', 'pay_button', { amount: '{{amount}} <b>x</b> $t(plain)' }, 'Pagar {{amount}} <b>x</b> $t(plain)'],
    ['takes a hole named like an i18next option as a hole', 'twice', { name: 'Ana', lng: 'en', defaultValue: 'x' }, 'Ana y Ana'],
    ['returns a text with no holes as it is', 'plain', { amount: 1 }, 'Sin huecos'],
    ['uses the plain key when the catalogue has no plural forms', 'tries', { count: 3 }, 'Intentos: 3'],
    ['picks the one form for 1 (Spanish plural rules)', 'items', { count: 1 }, 'Un artículo'],
    ['picks the other form for 4', 'items', { count: 4 }, '4 artículos'],
    ['picks the zero form for 0 when the catalogue has one', 'items', { count: 0 }, 'Ningún artículo'],
    ['reads a dot and a colon as part of a key', 'periods.WE', undefined, 'Semanal'],
    ['reads a colon as part of a key', 'colon:key', undefined, 'Con dos puntos'],
    ['shows an unknown key as itself', 'no_such_key', undefined, 'no_such_key'],
    ['reads only the catalogue\'s own keys', 'toString', undefined, 'toString'],
  ])('%s', (_what, key, values, expected) => {
    const translator = createTranslator<string>();
    translator.start('es', spanish);
    expect(translator.t(key, values)).toBe(expected);
  });

  it('shows Spanish for a key English lacks or leaves empty, and English for the rest', () => {
    const translator = createTranslator<string>();
    translator.start('en', english, spanish);
    expect(translator.language()).toBe('en');
    expect(translator.t('pay_button', { amount: '$2.00' })).toBe('Pay $2.00');
    expect(translator.t('twice', { name: 'Ann' })).toBe('Ann y Ann');
    expect(translator.t('only_new')).toBe('Solo en español');
    expect([translator.t('items', { count: 1 }), translator.t('items', { count: 1.5 }), translator.t('items', { count: 0 })]).toEqual(['One item', '1.5 items', '0 items']);
    expect([translator.has('twice'), translator.has('no_such_key'), translator.has('constructor')]).toEqual([true, false, false]);
  });

  it('starting again replaces a language\'s texts', () => {
    const translator = createTranslator<string>();
    translator.start('es', { plain: 'antes', gone: 'ya no' });
    translator.start('es', { plain: 'después' });
    expect([translator.t('plain'), translator.has('gone')]).toEqual(['después', false]);
  });

  it('switches at once between the languages given, keeping the first texts of each', () => {
    const translator = createTranslator<string>();
    translator.switchTo('es', spanish);
    translator.switchTo('en', english);
    expect(translator.t('plain')).toBe('No holes');
    translator.switchTo('es', { plain: 'ignored' });
    expect([translator.t('plain'), translator.language()]).toEqual(['Sin huecos', 'es']);
    translator.switchTo('en', { plain: 'ignored' });
    expect([translator.t('plain'), translator.language()]).toEqual(['No holes', 'en']);
  });

  it('keeps each translator\'s texts its own', () => {
    const one = createTranslator<string>();
    const other = createTranslator<string>();
    one.start('es', { plain: 'uno' });
    other.start('en', { plain: 'other' });
    expect([one.t('plain'), one.language(), other.t('plain'), other.language()]).toEqual(['uno', 'es', 'other', 'en']);
  });
});

describe('loadTexts', () => {
  const source = (catalogues: Partial<Record<Language, Entries | Error>>) => {
    const asked: Language[] = [];
    const load = async (lang: Language) => {
      asked.push(lang);
      const found = catalogues[lang];
      if (!found || found instanceof Error) throw found ?? new Error(`no ${lang}`);
      return found;
    };
    return { asked, load };
  };

  it('asks Spanish alone for Spanish', async () => {
    const { asked, load } = source({ es: spanish });
    expect(await loadTexts(load, 'es')).toEqual({ texts: spanish });
    expect(asked).toEqual(['es']);
  });

  it('asks English and Spanish at once for English', async () => {
    const { asked, load } = source({ es: spanish, en: english });
    expect(await loadTexts(load, 'en')).toEqual({ texts: english, spanish });
    expect(asked).toEqual(['en', 'es']);
  });

  it('keeps English when Spanish cannot be had, and fails when English cannot', async () => {
    expect(await loadTexts(source({ en: english, es: new Error('offline') }).load, 'en')).toEqual({ texts: english });
    await expect(loadTexts(source({ es: spanish }).load, 'en')).rejects.toThrow('no en');
  });
});
