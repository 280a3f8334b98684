import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  cardFormSchema, email, fieldErrors, nameLetters,
  minChars, notBlank, payerEmail, positiveNumber, required,
} from './validation';
import { paymentCodeEntrySchema } from './paymentCodeEntry';
import { SUPPORT_EMAIL } from './constants';
import { validationCharge } from './validationTx';

// The rules that are parts of a form's schema, read from the schema that applies them.
const fullName = () => cardFormSchema({ now: 0 }).pipe[0].entries.name;
const cardNumber = () => cardFormSchema({ now: 0 }).pipe[0].entries.cardnumber;
const expiry = (now: number) => cardFormSchema({ now }).pipe[0].entries.expirationDate;
const cvc = () => cardFormSchema({ now: 0 }).pipe[0].entries.cvc;
const codeEntry = () => paymentCodeEntrySchema.entries.code;

const NOW = Date.UTC(2026, 10, 21, 15, 0, 0); // 21 Nov 2026, 10:00 in Panama

function keyOf(schema: v.GenericSchema<string>, value: unknown): string | null {
  const r = v.safeParse(schema, value);
  return r.success ? null : (r.issues[0]?.message ?? null);
}

describe('SPEC 5 message keys, one pipe per rule', () => {
  it.each([
    ['field_required "Campo requerido; required field"', () => required(), '', 'field_required'],
    ['field_required: blank is empty', () => required(), '   ', 'field_required'],
    ['field_required: not a string', () => required(), undefined, 'field_required'],
    ['field_required: filled passes', () => required(), 'x', null],
    ['invalid_card "card number fails the Luhn check"', () => cardNumber(), '4242 4242 4242 4241', 'invalid_card'],
    ['invalid_card: Luhn-valid Visa passes', () => cardNumber(), '4242 4242 4242 4242', null],
    ['invalid_card: Luhn-valid but no brand offered (Discover)', () => cardNumber(), '6011111111111117', 'invalid_card'],
    ['invalid_card: empty is required first', () => cardNumber(), '', 'field_required'],
    ['expired "Card expiry MM/YY must not be in the past": last month', () => expiry(NOW), '10/26', 'expired'],
    ['expired: this month is still valid', () => expiry(NOW), '11/26', null],
    ['expired: future', () => expiry(NOW), '01/30', null],
    ['expired: not MM/YY', () => expiry(NOW), '13/30', 'expired'],
    ['invalid_cvc: unknown brand 3 or 4', () => cvc(), '12a', 'invalid_cvc'],
    ['invalid_email "Bad e-mail"', () => email(), 'ana@', 'invalid_email'],
    ['invalid_email: a domain without its ending', () => email(), 'ana@example', 'invalid_email'],
    ['invalid_email: good', () => email('soporte@x.test'), 'ana@example.com', null],
    ['invalid_email "the support e-mail address is also rejected"', () => email('soporte@x.test'), 'Soporte@X.test', 'invalid_email'],
    ['name_letters_only: a name keeps its accents', () => nameLetters(), 'Lucía Núñez', null],
    ['name_letters_only: letters and spaces', () => nameLetters(), 'Jose Pena', null],
    ['name_letters_only: no digits or signs', () => nameLetters(), 'Ana2 <b>', 'name_letters_only'],
    ['format_name_invalid "1 to 3 spaces": none', () => fullName(), 'Ana', 'format_name_invalid'],
    ['format_name_invalid: 1 space', () => fullName(), 'Ana Diaz', null],
    ['format_name_invalid: 3 spaces', () => fullName(), 'Ana Maria Diaz Soto', null],
    ['format_name_invalid: 4 spaces', () => fullName(), 'Ana Maria Diaz Soto Paz', 'format_name_invalid'],
    ['format_name_invalid: double space', () => fullName(), 'Ana  Diaz', 'format_name_invalid'],
    ['validation_number "Must be a number"', () => positiveNumber(), '1a', 'validation_number'],
    ['validation_positive_number "at least 1"', () => positiveNumber(), '0.99', 'validation_positive_number'],
    ['validation_positive_number: 1 passes', () => positiveNumber(), '1', null],
    ['invalid_amount_validation_tx "1 to 3 inclusive": 3.00', () => validationCharge(), '3.00', null],
    ['invalid_amount_validation_tx: 1.00', () => validationCharge(), '1.00', null],
    ['invalid_amount_validation_tx: 3.01', () => validationCharge(), '3.01', 'invalid_amount_validation_tx'],
    ['invalid_amount_validation_tx: 0.99', () => validationCharge(), '0.99', 'invalid_amount_validation_tx'],
    // In pesos (docs/sandbox.md "Random-charge validation"): whole pesos as Colombia writes them, 1.000 to 3.000.
    ['invalid_amount_validation_tx in pesos: 2.370', () => validationCharge('COP'), '2.370', null],
    ['invalid_amount_validation_tx in pesos: 2370', () => validationCharge('COP'), '2370', null],
    ['invalid_amount_validation_tx in pesos: 2,370', () => validationCharge('COP'), '2,370', null],
    ['invalid_amount_validation_tx in pesos: 3.000', () => validationCharge('COP'), '3.000', null],
    ['invalid_amount_validation_tx in pesos: 2.37 (centavos)', () => validationCharge('COP'), '2.37', 'invalid_amount_validation_tx'],
    ['invalid_amount_validation_tx in pesos: 999', () => validationCharge('COP'), '999', 'invalid_amount_validation_tx'],
    ['invalid_amount_validation_tx in pesos: 3.001', () => validationCharge('COP'), '3.001', 'invalid_amount_validation_tx'],
    ['invalid_amount_validation_tx in pesos: empty', () => validationCharge('COP'), ' ', 'field_required'],
    ['invalid_length "more than 3 characters": 3', () => codeEntry(), 'abc', 'invalid_length'],
    ['invalid_length: 4', () => codeEntry(), 'abcd', null],
    ['spaces_blank_not_allowed "No blank-only values"', () => notBlank(), '   ', 'spaces_blank_not_allowed'],
    ['spaces_blank_not_allowed: empty is required', () => notBlank(), '', 'field_required'],
    ['spaces_blank_not_allowed: text passes', () => notBlank(), ' a ', null],
    ['spaces_blank_not_allowed: not a string is required', () => notBlank(), undefined, 'field_required'],
    ['only_alphanumeric_characters "Alphanumeric only"', () => codeEntry(), 'ab 1', 'only_alphanumeric_characters'],
    ['only_alphanumeric_characters: ok', () => codeEntry(), 'ab1c', null],
    ['only_alphanumeric_characters: a slug\'s dashes are a link\'s address', () => codeEntry(), 'tienda-demo', null],
    ['validate_characters_min "Minimum length 8"', () => minChars(), '1234567', 'validate_characters_min'],
    ['validate_characters_min: 8', () => minChars(), '12345678', null],
    ['invalid_cvc: unknown brand, 5 digits', () => cvc(), '12345', 'invalid_cvc'],
    ['invalid_cvc: unknown brand, a letter after 4 digits', () => cvc(), '1234a', 'invalid_cvc'],
    ['invalid_email: the address is read without the spaces around it', () => email(), ' ana@example.com ', null],
    ['invalid_email: the support address with spaces around it', () => email('soporte@x.test'), ' soporte@x.test ', 'invalid_email'],
    ['invalid_email: the support address configured with spaces', () => email(' soporte@x.test '), 'soporte@x.test', 'invalid_email'],
    ['format_name_invalid: spaces at the ends do not count', () => fullName(), 'Ana Diaz  ', null],
    ['validation_number: spaces at the ends do not count', () => positiveNumber(), ' 12.50 ', null],
    ['invalid_length: spaces at the ends do not count', () => codeEntry(), ' abc ', 'invalid_length'],
  ] as const)('%s', (_rule, schema, value, key) => {
    // the pipe is built inside the test, so a change to how it is built is seen by this test
    expect(keyOf(schema() as v.GenericSchema<string>, value)).toBe(key);
  });
});

describe('SPEC 5 invalid_email "Bad e-mail; the support e-mail address is also rejected", where the server takes a payer\'s e-mail (payerEmail): what the forms take', () => {
  const formTakes = (value: string) => v.is(email(SUPPORT_EMAIL), value);
  it.each([
    ["o'brien@example.com", { emptyAllowed: false }, null, 'an apostrophe'],
    ['josé@correo.pa', { emptyAllowed: false }, null, 'an accent'],
    ['ana+recibos@example.com', { emptyAllowed: false }, null, 'a plus'],
    [' ana@example.com ', { emptyAllowed: false }, null, 'spaces around it'],
    [SUPPORT_EMAIL, { emptyAllowed: false }, 'invalid_email', 'the support address'],
    [` ${SUPPORT_EMAIL.toUpperCase()} `, { emptyAllowed: false }, 'invalid_email', 'the support address in capitals, with spaces'],
    ['ana@', { emptyAllowed: false }, 'invalid_email', 'no domain'],
    ['ana@example', { emptyAllowed: false }, 'invalid_email', 'a domain without its ending'],
    ['ana @example.com', { emptyAllowed: false }, 'invalid_email', 'a space inside'],
    ['', { emptyAllowed: false }, 'invalid_email', 'empty, where one is needed'],
    ['   ', { emptyAllowed: false }, 'invalid_email', 'blank, where one is needed'],
    ['', { emptyAllowed: true }, null, 'empty is none, where it may be left out'],
    ['   ', { emptyAllowed: true }, 'invalid_email', 'blank is no address, even where one may be left out'],
    [SUPPORT_EMAIL, { emptyAllowed: true }, 'invalid_email', 'the support address, where one may be left out'],
  ] as const)('%j (%j) -> %s: %s', (value, options, key, _why) => {
    expect(keyOf(payerEmail(options), value)).toBe(key);
    // What the checkout's forms take, and nothing more: an address they took is never refused after Pay.
    if (value.trim() !== '') expect(formTakes(value)).toBe(key === null);
  });

  it('keeps the address without the spaces around it, as the forms send it', () => {
    expect(v.parse(payerEmail(), ' ana@example.com ')).toBe('ana@example.com');
    expect(v.parse(email(), ' ana@example.com ')).toBe('ana@example.com');
  });

  it('refuses what is not text as invalid_email', () => {
    expect(keyOf(payerEmail({ emptyAllowed: true }), 7)).toBe('invalid_email');
  });
});

describe('SPEC 3 "Form values" of the card form', () => {
  const good = {
    email: 'ana@example.com',
    phone: '61111111',
    name: 'Ana Diaz',
    cardnumber: '4242 4242 4242 4242',
    expirationDate: '12/30',
    cvc: '123',
  };

  it('accepts a complete form; country, city, userAddress and postalCode are optional', () => {
    expect(fieldErrors(cardFormSchema({ now: NOW }), good)).toEqual({});
  });

  it.each([
    [{ email: '' }, { email: 'field_required' }],
    [{ name: 'Ana' }, { name: 'format_name_invalid' }],
    [{ cardnumber: '4242424242424241' }, { cardnumber: 'invalid_card' }],
    [{ expirationDate: '01/20' }, { expirationDate: 'expired' }],
    [{ cvc: '1234' }, { cvc: 'invalid_cvc' }],
    [{ cardnumber: '378282246310005', cvc: '123' }, { cvc: 'invalid_cvc' }],
    [{ cardnumber: '378282246310005', cvc: '1234' }, {}],
    [{ city: 7 }, { city: 'field_required' }],
    // the Amex CVC check waits for a card number and a CVC: a missing one is field_required alone
    [{ cardnumber: undefined }, { cardnumber: 'field_required' }],
    [{ cvc: undefined }, { cvc: 'field_required' }],
    // ...and is made whenever the number and the CVC are there, whatever another field lacks
    [{ email: '', cardnumber: '378282246310005', cvc: '123' }, { email: 'field_required', cvc: 'invalid_cvc' }],
    [{ city: 7, cardnumber: '378282246310005', cvc: '123' }, { city: 'field_required', cvc: 'invalid_cvc' }],
  ])('gives the first key per field for %j', (patch, errors) => {
    expect(fieldErrors(cardFormSchema({ now: NOW }), { ...good, ...patch })).toEqual(errors);
  });

  it('missing fields are field_required', () => {
    expect(fieldErrors(cardFormSchema({ now: NOW }), {})).toMatchObject({
      email: 'field_required',
      name: 'field_required',
      cardnumber: 'field_required',
      expirationDate: 'field_required',
      cvc: 'field_required',
    });
  });

  it('SPEC 8 card_not_valid "card type not accepted by the merchant"', () => {
    const schema = cardFormSchema({ now: NOW, acceptedBrands: ['MC'] });
    expect(fieldErrors(schema, good)).toEqual({ cardnumber: 'card_not_valid' });
    expect(fieldErrors(schema, { ...good, cardnumber: '5555555555554444' })).toEqual({});
    // an empty list restricts nothing
    expect(fieldErrors(cardFormSchema({ now: NOW, acceptedBrands: [] }), good)).toEqual({});
  });

  it('rejects the support address', () => {
    expect(fieldErrors(cardFormSchema({ now: NOW, supportEmail: 'help@pay.test' }), { ...good, email: 'help@pay.test' })).toEqual({
      email: 'invalid_email',
    });
  });

  it('an input that is not an object is field_required at no field', () => {
    expect(fieldErrors(cardFormSchema({ now: NOW }), null)).toEqual({});
  });
});

describe('the main checkout page\'s payment code (SPEC 5 spaces_blank_not_allowed, invalid_length)', () => {
  it.each([
    ['LKDEMO0001', undefined],
    ['  LKAB  ', undefined],
    ['ABCD', undefined],
    ['', 'field_required'],
    ['   ', 'spaces_blank_not_allowed'],
    ['ABC', 'invalid_length'],
    [' AB1 ', 'invalid_length'],
    ['tienda-demo', undefined],
    ['LK DEMO', 'only_alphanumeric_characters'],
    ['tienda/demo', 'only_alphanumeric_characters'],
  ])('%j -> %s', (code, key) => {
    expect(fieldErrors(paymentCodeEntrySchema, { code }).code).toBe(key);
  });
});
