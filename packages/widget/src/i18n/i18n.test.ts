import { afterEach, describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import { currentLanguage, hasText, startI18n, switchCatalog, t } from './i18n';

// SPEC 1 "Texts are Spanish by default, with English available": the catalog's keys with i18next's
// {{interpolation}} and plural suffixes, read by the widget's own translator.
describe('the widget translator', () => {
  afterEach(async () => {
    await startI18n('es', {});
  });

  const entries = {
    pay_button: 'Pagar {{amount}}',
    spaced: 'Quedan {{ count }} de {{total}}',
    twice: '{{name}} y {{name}}',
    plain: 'Sin huecos',
    tries: 'Intentos: {{count}}',
    items_one: 'Un artículo',
    items_other: '{{count}} artículos',
    items_zero: 'Ningún artículo',
    only_other_other: '{{count}} cosas',
    proto: 'texto',
  };

  it.each([
    ['fills a hole', 'pay_button', { amount: 'B/.10.00' }, 'Pagar B/.10.00'],
    ['fills holes with spaces inside the braces and several holes', 'spaced', { count: 2, total: 5 }, 'Quedan 2 de 5'],
    ['fills the same hole twice', 'twice', { name: 'Ana' }, 'Ana y Ana'],
    ['leaves a hole no value names as written', 'pay_button', {}, 'Pagar {{amount}}'],
    ['leaves a hole as written with no values at all', 'pay_button', undefined, 'Pagar {{amount}}'],
    ['fills a hole named with an undefined value with nothing', 'pay_button', { amount: undefined as unknown as string }, 'Pagar '],
    ['does not read a value for holes again', 'pay_button', { amount: '{{amount}} <b>x</b>' }, 'Pagar {{amount}} <b>x</b>'],
    ['returns a text with no holes as it is', 'plain', { amount: 1 }, 'Sin huecos'],
    ['uses the plain key when the catalog has no plural forms', 'tries', { count: 3 }, 'Intentos: 3'],
    ['picks the one form for 1 (Spanish plural rules)', 'items', { count: 1 }, 'Un artículo'],
    ['picks the other form for 4', 'items', { count: 4 }, '4 artículos'],
    ['picks the zero form for 0 when the catalog has one', 'items', { count: 0 }, 'Ningún artículo'],
    ['falls back from a missing one form to the key', 'only_other', { count: 1 }, 'only_other'],
    ['shows an unknown key as itself', 'no_such_key', undefined, 'no_such_key'],
    ['reads only the catalog\'s own keys', 'toString', undefined, 'toString'],
  ])('%s', async (_what, key, values, expected) => {
    await startI18n('es', entries);
    expect(t(key, values)).toBe(expected);
  });

  it('tells which keys the catalog has', async () => {
    await startI18n('es', entries);
    expect([hasText('plain'), hasText('no_such_key'), hasText('constructor')]).toEqual([true, false, false]);
  });

  it('uses English plural rules in English', async () => {
    await startI18n('en', { items_one: 'One item', items_other: '{{count}} items' });
    expect([t('items', { count: 1 }), t('items', { count: 1.5 }), t('items', { count: 0 })]).toEqual(['One item', '1.5 items', '0 items']);
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('starting again replaces the language\'s entries', async () => {
    await startI18n('es', { plain: 'antes' });
    await startI18n('es', { plain: 'después' });
    expect(t('plain')).toBe('después');
  });

  it('switches between the catalogs the server has rendered with, keeping the first of each', async () => {
    await startI18n('es', catalogs.es);
    await startI18n('en', catalogs.en);
    switchCatalog('es', { pay_button: 'ignored' });
    expect(t('pay_button', { amount: '$1.00' })).toBe('Pagar $1.00');
    switchCatalog('en', { pay_button: 'ignored' });
    expect([t('pay_button', { amount: '$2.00' }), currentLanguage()]).toEqual(['Pay $2.00', 'en']);
    switchCatalog('es', { pay_button: 'ignored' });
    expect(t('pay_button', { amount: '$1.00' })).toBe('Pagar $1.00');
  });

  it('reads every key of the real catalogs, with the same holes filled in both languages', async () => {
    for (const lang of ['es', 'en'] as const) {
      await startI18n(lang, catalogs[lang]);
      for (const [key, text] of Object.entries(catalogs[lang])) {
        const names = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '');
        const values = Object.fromEntries(names.map((n) => [n, `<${n}>`]));
        const filled = t(key, values);
        expect(filled).not.toContain('{{');
        for (const n of names) expect(filled).toContain(`<${n}>`);
      }
    }
  });
});
