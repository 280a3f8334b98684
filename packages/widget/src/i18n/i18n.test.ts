import { afterEach, describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import { currentLanguage, hasText, keysUsedBy, startI18n, startWholeLater, switchCatalog, t, wholeTexts } from './i18n';

// SPEC 1 "Texts are Spanish by default, with English available": core's catalogue through the
// shared i18next set-up (core/src/i18n/translator.test.ts tests holes and plurals).
describe('the widget\'s texts', () => {
  afterEach(async () => {
    await startI18n('es', catalogs.es);
  });

  it('takes only the catalogue\'s keys: a wrong key does not compile', async () => {
    await startI18n('es', catalogs.es);
    expect(t('pay_button', { amount: 'B/.10.00' })).toBe('Pagar B/.10.00');
    // @ts-expect-error a key core's catalogue does not have
    expect(t('pay_buton')).toBe('pay_buton');
    // @ts-expect-error a key is a catalogue key, not any text
    expect(t(String('plain'))).toBe('plain');
  });

  it('lets a key from elsewhere through once the catalogue is known to have it', async () => {
    await startI18n('es', catalogs.es);
    const fromServer: string = 'payment_declined';
    expect(hasText(fromServer) ? t(fromServer) : null).toBe(catalogs.es.payment_declined);
    expect(hasText('no_such_key')).toBe(false);
  });

  it('shows the Spanish text of a key an English catalogue lacks, and English for the rest', async () => {
    const { pay_button: _missing, ...english } = catalogs.en;
    await startI18n('en', english, catalogs.es);
    expect(t('pay_button', { amount: '$2.00' })).toBe('Pagar $2.00');
    expect(t('accepted_cards')).toBe(catalogs.en.accepted_cards);
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches between the catalogues the server has rendered with, keeping the first of each', async () => {
    await startI18n('es', catalogs.es);
    await startI18n('en', catalogs.en);
    switchCatalog('es', { pay_button: 'ignored' });
    expect(t('pay_button', { amount: '$1.00' })).toBe('Pagar $1.00');
    switchCatalog('en', { pay_button: 'ignored' });
    expect([t('pay_button', { amount: '$2.00' }), currentLanguage()]).toEqual(['Pay $2.00', 'en']);
    switchCatalog('es', { pay_button: 'ignored' });
    expect(t('pay_button', { amount: '$1.00' })).toBe('Pagar $1.00');
  });

  it('reads every key of the real catalogues, with the same holes filled in both languages', async () => {
    for (const lang of ['es', 'en'] as const) {
      await startI18n(lang, catalogs[lang]);
      for (const [key, text] of Object.entries(catalogs[lang])) {
        if (!hasText(key)) throw new Error(`${key} is missing`);
        const names = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '');
        const values = Object.fromEntries(names.map((n) => [n, `<${n}>`]));
        const filled = t(key, values);
        expect(filled).not.toContain('{{');
        for (const n of names) expect(filled).toContain(`<${n}>`);
      }
    }
  });
});

describe('the first screen\'s texts, then the whole catalogue', () => {
  it('records the keys a render asks for, and only while it runs', async () => {
    await startI18n('es', catalogs.es);
    const keys = keysUsedBy(() => {
      t('card_form_title');
      t('pay_button', { amount: 'B/.1.00' });
    });
    t('loading');
    expect([...keys]).toEqual(['card_form_title', 'pay_button']);
    expect(keysUsedBy(() => undefined).size).toBe(0);
  });

  it('tells later pieces when the whole catalogue is in, or could not be had', async () => {
    let arrive: () => void = () => undefined;
    startWholeLater(new Promise<void>((resolve) => (arrive = resolve)));
    let done = false;
    const waiting = wholeTexts().then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    arrive();
    await waiting;
    expect(done).toBe(true);
    startWholeLater(Promise.reject(new Error('offline')));
    await expect(wholeTexts()).resolves.toBeUndefined();
  });
});
