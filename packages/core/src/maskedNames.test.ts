import { describe, expect, it } from 'vitest';
import { catalogs } from './i18n';
import { maskedCardName, maskedPhoneName, spokenMaskedName, type MaskedName } from './maskedNames';

const sayIn = (lang: 'es' | 'en') => (name: MaskedName) =>
  spokenMaskedName(name, (key, values) => (catalogs[lang][key] ?? '').replace('{{brand}}', values.brand).replace('{{last4}}', values.last4));

// Issue 96: "shown 'Visa •••• 4242', named for assistive technology in words ('Visa terminada en 4242')".
const spoken = (lang: 'es' | 'en', brand: string | null, number: string | null) => {
  const name = maskedCardName(brand, number);
  return name ? sayIn(lang)(name) : null;
};

describe('one name for a card, whatever form the number was stored in', () => {
  it.each([
    ['VISA', '**** **** **** 4242', 'Visa •••• 4242', 'Visa terminada en 4242', 'Visa ending in 4242'],
    ['VISA', '**** 9562', 'Visa •••• 9562', 'Visa terminada en 9562', 'Visa ending in 9562'],
    ['Visa', '•••• 8718', 'Visa •••• 8718', 'Visa terminada en 8718', 'Visa ending in 8718'],
    ['MC', '555555******4444', 'Mastercard •••• 4444', 'Mastercard terminada en 4444', 'Mastercard ending in 4444'],
    ['AMEX', '****0005', 'American Express •••• 0005', 'American Express terminada en 0005', 'American Express ending in 0005'],
    ['Diners', '****1234', 'Diners •••• 1234', 'Diners terminada en 1234', 'Diners ending in 1234'],
    [null, '****4242', '•••• 4242', 'terminada en 4242', 'ending in 4242'],
    ['VISA', '', 'Visa', 'Visa', 'Visa'],
    ['VISA', '**', 'Visa', 'Visa', 'Visa'],
  ])('%s %j: shown %j, spoken %j / %j', (brand, number, shown, es, en) => {
    expect(maskedCardName(brand, number)?.shown).toBe(shown);
    expect(spoken('es', brand, number)?.trim()).toBe(es.trim());
    expect(spoken('en', brand, number)?.trim()).toBe(en.trim());
    expect(maskedCardName(brand, number)?.shown).not.toMatch(/\*/);
  });

  it('knows nothing: no name at all', () => {
    expect(maskedCardName(null, null)).toBeNull();
    expect(maskedCardName('', '12')).toBeNull();
  });
});

describe('one name for a phone on every wait', () => {
  it.each([
    ['3993333333', '•••• 3333', 'número terminado en 3333', 'number ending in 3333'],
    ['6333 3333', '•••• 3333', 'número terminado en 3333', 'number ending in 3333'],
    ['****1111', '•••• 1111', 'número terminado en 1111', 'number ending in 1111'],
  ])('%j: shown %j, spoken %j / %j', (phone, shown, es, en) => {
    const name = maskedPhoneName(phone);
    expect(name?.shown).toBe(shown);
    expect(name && sayIn('es')(name)).toBe(es);
    expect(name && sayIn('en')(name)).toBe(en);
  });

  it('too short to mask: no name', () => {
    expect(maskedPhoneName('123')).toBeNull();
  });
});
