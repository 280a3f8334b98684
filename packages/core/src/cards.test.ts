import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cardBrandOf, cvcLengthFor, digitsOnly, passesLuhn } from './cards';

/** Appends the Luhn check digit to a payload of digits. */
function withCheckDigit(payload: string): string {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let d = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return payload + String((10 - (sum % 10)) % 10);
}

describe('SPEC 5 invalid_card "card number fails the Luhn check"', () => {
  it.each([
    ['4242424242424242', true],
    ['4242 4242 4242 4242', true],
    ['4242-4242-4242-4242', true],
    ['378282246310005', true],
    ['4242424242424241', false],
    ['42424242424', false],
    ['42424242424242424242', false],
    ['4242a42424242424', false],
    ['', false],
  ])('%s passes: %s', (n, ok) => {
    expect(passesLuhn(n)).toBe(ok);
  });

  it('accepts every generated valid number and rejects it with one digit changed (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{11,18}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (payload, at, delta) => {
          const valid = withCheckDigit(payload);
          expect(passesLuhn(valid)).toBe(true);
          const i = at % valid.length;
          const changed = valid.slice(0, i) + String((Number(valid[i]) + delta) % 10) + valid.slice(i + 1);
          expect(passesLuhn(changed)).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('SPEC 5 "Card brand detection"', () => {
  it.each([
    ['4242424242424242', 'VISA', 'Visa starts with 4 and has 16 digits'],
    ['4222222222222', 'VISA', 'Visa 13 digits'],
    ['42222222222222', null, 'Visa 14 digits is none'],
    ['5105105105105100', 'MC', 'Mastercard 51'],
    ['5555555555554444', 'MC', 'Mastercard 55'],
    ['2220990000000000', null, '2220 is none (the range starts at 2221)'],
    ['2221000000000009', 'MC', 'Mastercard 2221'],
    ['2720990000000007', 'MC', 'Mastercard 2720'],
    ['2721000000000000', null, '2721 is none'],
    ['5655555555554444', null, '56 is none'],
    ['555555555555444', null, 'Mastercard needs 16 digits'],
    ['378282246310005', 'AMEX', 'Amex 37, 15 digits'],
    ['341111111111111', 'AMEX', 'Amex 34'],
    ['3411111111111111', 'AMEX', 'Amex 16 digits'],
    ['3511111111111111', null, '35 is none'],
    ['34111111111111', null, 'Amex needs 15 or 16 digits (14)'],
    ['34111111111111111', null, 'Amex needs 15 or 16 digits (17)'],
  ])('%s -> %s (%s)', (n, brand, _why) => {
    expect(cardBrandOf(n)).toBe(brand);
  });

  it('SPEC 5 "CVC is 3 digits (4 for Amex)"', () => {
    expect(cvcLengthFor('AMEX')).toBe(4);
    expect(cvcLengthFor('VISA')).toBe(3);
    expect(cvcLengthFor(null)).toBe(3);
  });

  it('helpers', () => {
    expect(digitsOnly('4242 42-42')).toBe('42424242');
  });
});
