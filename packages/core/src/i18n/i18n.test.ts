import { describe, expect, it } from 'vitest';
import { FRONTEND_ERROR_KEYS } from '../errorKeys';
import { SUBSCRIPTION_PERIODS } from '../constants';
import { CATALOG_VERSION, catalogFor, catalogs } from './index';
import { pickLanguage } from '../languageChoice';
import { isValidationKey } from '../validationKeys';

const languages = ['es', 'en'] as const;

describe('i18n catalogs (SPEC 1 "Texts are Spanish by default, with English available")', () => {
  it('both catalogs have the same keys', () => {
    expect(Object.keys(catalogs.en).sort()).toEqual(Object.keys(catalogs.es).sort());
  });

  it.each(languages)('%s has no empty value', (lang) => {
    const empty = Object.entries(catalogs[lang]).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  // The keys core's rules answer with (SPEC 5, SPEC 8, the receipt titles) are checked by the
  // compiler (i18n/index.ts); these are the ones no rule's list names.
  it.each(languages)('%s holds the success messages', (lang) => {
    const needed = ['payment_successfull', 'payment_code_generated'];
    expect(needed.filter((k) => !(k in catalogs[lang]))).toEqual([]);
  });

  it.each(languages)('%s uses the same {{placeholders}} as Spanish and i18next syntax only', (lang) => {
    const holes = (t: string) => (t.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
    for (const [key, text] of Object.entries(catalogs.es)) {
      expect([key, holes(catalogs[lang][key] ?? '')]).toEqual([key, holes(text)]);
      expect(catalogs[lang][key]).not.toMatch(/\{(?!\{)\w+\}(?!\})|%s/);
    }
  });

  it.each(languages)('%s names every subscription period, display status and method', (lang) => {
    const needed = [
      ...Object.keys(SUBSCRIPTION_PERIODS).map((code) => `period_${code}`),
      ...['pending', 'declined', 'approved', 'captured', 'refunded', 'completed', 'paid', 'unknown'].map((s) => `status_${s}`),
      ...['method_card', 'method_nequi', 'method_cash', 'method_clave', 'method_crypto', 'method_balance', 'method_yappy'],
    ];
    expect(needed.filter((k) => !(k in catalogs[lang]))).toEqual([]);
  });

  // SPEC 9 "Subscription period labels: BA bi-annual, BM every two months, ...": the text the plan
  // summary shows ("cada mes") for each code, in the span the server charges (constants.test.ts).
  it.each([
    ['BA', 'dos veces al año', 'twice a year'],
    ['BM', 'cada dos meses', 'every two months'],
    ['BW', 'cada dos semanas', 'every two weeks'],
    ['AN', 'cada año', 'every year'],
    ['MO', 'cada mes', 'every month'],
    ['WE', 'cada semana', 'every week'],
    ['DA', 'cada día', 'every day'],
    ['HA', 'cada seis meses', 'every six months'],
    ['OS', 'cada 168 días', 'every 168 days'],
    ['EF', 'cada 84 días', 'every 84 days'],
    ['TE', 'cada 28 días', 'every 28 days'],
    ['QU', 'cada trimestre', 'every quarter'],
  ])('period %s reads "%s" / "%s"', (code, es, en) => {
    expect(catalogs.es[`period_${code}`]).toBe(es);
    expect(catalogs.en[`period_${code}`]).toBe(en);
  });

  it.each(languages)('%s validation messages need no interpolation (forms show them by key alone)', (lang) => {
    const validationKeys = Object.keys(catalogs.es).filter((k) => isValidationKey(k));
    const withHoles = [...validationKeys, ...FRONTEND_ERROR_KEYS].filter((k) => /\{\{/.test(catalogs[lang][k] ?? ''));
    expect(withHoles).toEqual([]);
  });

  it('the pay button carries the amount', () => {
    expect(catalogs.es.pay_button).toBe('Pagar {{amount}}');
    expect(catalogs.en.pay_button).toBe('Pay {{amount}}');
  });

  it('is served as { version, lang, entries }, without the server\'s own error details', () => {
    const shown = Object.fromEntries(Object.entries(catalogs.en).filter(([key]) => !key.startsWith('detail_')));
    expect(catalogFor('en')).toEqual({ version: CATALOG_VERSION, lang: 'en', entries: shown });
    expect(Object.keys(catalogs.en).some((key) => key.startsWith('detail_'))).toBe(true);
    expect(Number.isInteger(CATALOG_VERSION) && CATALOG_VERSION > 0).toBe(true);
  });

  it.each([
    ['en-US', 'en'], ['EN', 'en'], ['es-PA', 'es'], ['fr', 'es'], ['', 'es'], [null, 'es'], ['english', 'es'], [' en-US ', 'en'], ['ken', 'es'],
  ])('SPEC 1 "The language is taken from the browser (es or en)": %j -> %s (core pickLanguage)', (tag, lang) => {
    expect(pickLanguage(null, tag === null ? [] : [tag])).toBe(lang);
  });
});
