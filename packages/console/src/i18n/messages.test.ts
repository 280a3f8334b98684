import { describe, expect, it } from 'vitest';
import { changeLanguage, instantText, pickLanguage, t, textOr } from './i18n';
import { en, es } from './messages';

describe('console texts', () => {
  it('have every key in both languages, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort());
    expect(Object.entries({ ...es, ...en }).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('show in the language chosen, the page\'s language and title with them', async () => {
    await changeLanguage('en');
    expect([t('tabCreate'), t('periods.WE'), t('txCount', { count: 3 }), t('txCount', { count: 1 })]).toEqual(['Create', 'Weekly', '3 transactions', '1 transaction']);
    expect([document.documentElement.lang, document.title]).toEqual(['en', 'Sandbox console · Pasarela']);
    await changeLanguage('es');
    expect([t('tabCreate'), t('periods.WE'), t('txCount', { count: 1 }), t('txCount', { count: 0 }), document.documentElement.lang]).toEqual(['Crear', 'Semanal', '1 transacción', '0 transacciones', 'es']);
  });

  it("show an instant with its month in words in the console's language, whatever the browser's own", async () => {
    // Midday UTC: the 1st of December in every time zone an operator may be in.
    const instant = '2026-12-01T12:00:00Z';
    await changeLanguage('es');
    expect(instantText(instant)).toMatch(/^1 dic 2026,/);
    await changeLanguage('en');
    expect(instantText(instant)).toMatch(/^Dec 1, 2026,/);
    // Never numeric: 1/12 in one language is 12/1 in the other.
    expect(instantText(instant)).not.toMatch(/\d+\/\d+\/\d+/);
    await changeLanguage('es');
  });

  it('take only their own keys: a wrong key does not compile', () => {
    // @ts-expect-error the widget's key, not the console's
    expect(t('pay_button')).toBe('pay_button');
    // @ts-expect-error a group is not a text
    expect(t('periods')).toBe('periods');
  });

  it('show a value the server sent as it is when they have no text for it', async () => {
    await changeLanguage('es');
    expect([textOr('deliveryState.failed', 'failed'), textOr('deliveryState.lost', 'lost')]).toEqual(['Fallido', 'lost']);
  });

  it('start in Spanish unless English is asked for or was chosen', () => {
    expect(pickLanguage('', null)).toBe('es');
    expect(pickLanguage('?lang=en', null)).toBe('en');
    expect(pickLanguage('?lang=fr', 'en')).toBe('en');
    expect(pickLanguage('?lang=es', 'en')).toBe('es');
  });
});
