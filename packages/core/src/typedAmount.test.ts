import { describe, expect, it } from 'vitest';
import { typedAmountSlip } from './typedAmount';

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
