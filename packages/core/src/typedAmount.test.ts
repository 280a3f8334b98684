import { describe, expect, it } from 'vitest';
import { readTypedDollars, readTypedPesos, typedAmountSlip } from './typedAmount';

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
  ])('%j -> %s pesos', (value, pesos) => {
    expect(readTypedPesos(value)).toEqual({ pesos });
  });

  it.each([
    ['12.50', 'amount_whole_pesos'],
    ['12,5', 'amount_whole_pesos'],
    ['50.00', 'amount_whole_pesos'],
    ['50.000,00', 'amount_whole_pesos'],
    ['12,50', 'amount_whole_pesos'], // never the dollars' "use a point": a point makes no centavos in pesos either
    ['-50.000', 'amount_negative'],
    ['- 3', 'amount_negative'],
    ['5.0000', 'not_pesos'],
    ['50.000,000', 'not_pesos'],
    ['1.234,567', 'not_pesos'],
    ['2.00.000', 'not_pesos'],
    ['abc', 'not_pesos'],
    ['$ 50.000', 'not_pesos'],
    ['99999999999999999999', 'not_pesos'], // beyond what is counted exactly
    ['', 'not_pesos'],
  ])('%j -> refused as %s', (value, refused) => {
    expect(readTypedPesos(value)).toEqual({ refused });
  });
});

// SPEC's amounts are dollars with cents: "at most two decimals"; an operator's "1,500" is refused, never read as 1.50.
describe('dollars have at most two decimals and no thousands separator', () => {
  it.each([
    ['1500', 'operator', 1500],
    [' 1500.5 ', 'operator', 1500.5],
    ['12,50', 'operator', 12.5],
    ['0.01', 'operator', 0.01],
    ['999999999.99', 'operator', 999999999.99],
    ['1500', 'payer', 1500],
    [' 12.50 ', 'payer', 12.5],
    ['0.5', 'payer', 0.5],
    ['2.', 'payer', 2], // "2." on the way to "2.50", as the payer types it
    ['0.', 'payer', 0],
    ['999999999.99', 'payer', 999999999.99],
  ] as const)('%j typed by the %s -> %s dollars', (value, typist, dollars) => {
    expect(readTypedDollars(value, typist)).toEqual({ dollars });
  });

  const refused = (typist: 'operator' | 'payer', values: string[]) => values.map((value) => [value, typist] as const);
  it.each([
    ...refused('operator', ['', ' ', '1,500', '1.500', '1.005', '-5', '$5', '1e3', 'diez', '1 500', '1234567890']),
    ...refused('operator', ['2.']), // an operator's amount is read once typed: no cents on the way
    ...refused('payer', ['', ' ', '1.500', '1.000', '7.255', '12,50', '0,5', '1,500', '-5', '$5', '1e3', '.5', 'abc', '1 500', '1234567890', '2..']),
  ])('%j typed by the %s is no amount', (value, typist) => {
    expect(readTypedDollars(value, typist)).toEqual({ refused: 'not_dollars' });
  });
});
