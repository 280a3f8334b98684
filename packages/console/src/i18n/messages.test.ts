import { describe, expect, it } from 'vitest';
import { pickLanguage } from './i18n';
import { en, es } from './messages';

const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('console texts', () => {
  it('have every key in both languages', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(es).sort());
  });
  it('start in Spanish unless English is asked for or was chosen', () => {
    expect(pickLanguage('', null)).toBe('es');
    expect(pickLanguage('?lang=en', null)).toBe('en');
    expect(pickLanguage('?lang=fr', 'en')).toBe('en');
    expect(pickLanguage('?lang=es', 'en')).toBe('es');
  });
});
