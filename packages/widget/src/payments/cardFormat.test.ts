import { describe, expect, it } from 'vitest';
import { caretAfterDigits, cleanCardNumber, cleanCvc, formatCardNumber, formatExpiry } from './cardFormat';

describe('card input formatting', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['378282246310005', '3782 822463 10005'],
    ['55555', '5555 5'],
    ['', ''],
  ])('groups %s as %s', (digits, shown) => {
    expect(formatCardNumber(digits)).toBe(shown);
  });

  it('keeps only digits, at most 19', () => {
    expect(cleanCardNumber('4242-4242 4242x4242 9999 9999')).toBe('4242424242424242999');
  });

  it.each([
    ['1', '', '1'],
    ['3', '', '03/'],
    ['12', '1', '12/'],
    ['12/', '12/', '12/'],
    ['12', '12/', '12'],
    ['1230', '12/3', '12/30'],
    ['12/305', '12/30', '12/30'],
    ['12/2034', '', '12/34'],
    ['1/2034', '', '01/34'],
  ])('expiry %s after %s shows %s', (typed, before, shown) => {
    expect(formatExpiry(typed, before)).toBe(shown);
  });

  it.each([
    ['4242 4242 4242', 5, 6],
    ['4242 4242 4242', 4, 4],
    ['4242 4242 4242', 0, 0],
    ['4242', 9, 4],
  ])('puts the caret in %s after %i digits at %i', (formatted, digits, caret) => {
    expect(caretAfterDigits(formatted, digits)).toBe(caret);
  });

  it('caps the CVC at 3 digits, 4 for Amex (SPEC 5 invalid_cvc)', () => {
    expect(cleanCvc('12345', '4242')).toBe('123');
    expect(cleanCvc('12345', '3782')).toBe('1234');
  });
});
