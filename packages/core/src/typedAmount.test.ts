import { describe, expect, it } from 'vitest';
import { typedAmountSlip, typedPesos } from './typedAmount';

// Issue 96: '"-5" and "12,50" on the station both say "Debe ser un número"': each gets its own message.
describe('an amount typed with a slip is named for its fix', () => {
  it.each([
    ['-5', 'amount_negative'],
    [' -12.50 ', 'amount_negative'],
    ['- 3', 'amount_negative'],
    ['12,50', 'amount_decimal_comma'],
    ['1.234,5', 'amount_decimal_comma'],
    ['0,99', 'amount_decimal_comma'],
    ['12.50', null],
    ['12', null],
    ['abc', null],
    ['1,234', null], // a thousands comma, not a decimal one: the number rule answers
    ['', null],
  ])('%j -> %s', (value, slip) => {
    expect(typedAmountSlip(value)).toBe(slip);
  });
});

// Issue 93: "COP in whole pesos"; "the checkout formats the currency for the payer's language and country ("$ 50.000" es-CO)".
describe('pesos, typed as Colombia writes them, are whole', () => {
  it.each([
    ['50.000', 50_000],
    ['50,000', 50_000],
    ['50 000', 50_000],
    ['50000', 50_000],
    [' 1.250.000 ', 1_250_000],
    ['7', 7],
    ['0', 0],
    ['50.00', null], // centavos: the slip names them
    ['5.0000', null],
    ['50.000,00', null],
    ['50.000,000', null],
    ['1.234,567', null],
    ['abc', null],
    ['$ 50.000', null],
    ['', null],
  ])('%j -> %s', (value, pesos) => {
    expect(typedPesos(value)).toBe(pesos);
  });

  it.each([
    ['12.50', 'amount_whole_pesos'],
    ['12,5', 'amount_whole_pesos'],
    ['50.000,00', 'amount_whole_pesos'],
    ['-50.000', 'amount_negative'],
    ['50.000', null],
    ['12,50', 'amount_whole_pesos'], // never the dollars' "use a point": a point makes no centavos in pesos either
  ])('%j in pesos -> %s', (value, slip) => {
    expect(typedAmountSlip(value, 'COP')).toBe(slip);
  });
});
