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

  // The wait's sentences hold the phone both ways: each must read as a sentence, shown and spoken.
  it.each([
    ['es', 'nequi_push_sent', 'Te enviamos una notificación al •••• 2222. Acéptala en la app de Nequi.', 'Te enviamos una notificación al número terminado en 2222. Acéptala en la app de Nequi.'],
    ['en', 'nequi_push_sent', 'We sent a notification to the phone •••• 2222. Accept it in the Nequi app.', 'We sent a notification to the phone number ending in 2222. Accept it in the Nequi app.'],
    ['es', 'yappy_request_sent', 'Te enviamos una solicitud de pago al •••• 2222. Apruébala en la app de Yappy.', 'Te enviamos una solicitud de pago al número terminado en 2222. Apruébala en la app de Yappy.'],
    ['en', 'yappy_request_sent', 'We sent a payment request to the phone •••• 2222. Approve it in the Yappy app.', 'We sent a payment request to the phone number ending in 2222. Approve it in the Yappy app.'],
  ] as const)('%s %s: shown %j, spoken %j', (lang, key, shown, said) => {
    const name = maskedPhoneName('3992222222');
    if (!name) throw new Error('no name');
    const sentence = (phone: string) => (catalogs[lang][key] ?? '').replace('{{phone}}', phone);
    expect(sentence(name.shown)).toBe(shown);
    expect(sentence(sayIn(lang)(name))).toBe(said);
  });
});
