import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  amountText, minorUnitsText, amountToCents, balanceCovers, campaignDonation, centsToAmount, exceedsMerchantLimit, formatAmount, roundAmount, totalWithTax,
} from './money';
import { isValidationChargeInRange } from './validationTx';

describe('SPEC 5 "Amounts are rounded to two digits."', () => {
  it.each([
    [1.005, 1.01],
    [1.004, 1],
    [2.675, 2.68],
    [10, 10],
    [0.1 + 0.2, 0.3],
    [-1.005, -1.01],
    [-0.001, 0],
    [123456.789, 123456.79],
    [2 ** 70, 2 ** 70], // written with an exponent: rounded through its cents
    [1e-7, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('roundAmount(%s) = %s', (input, expected) => {
    expect(roundAmount(input)).toBe(expected);
  });

  it('has at most two decimals, moves by at most half a cent, and is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        const r = roundAmount(x);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.005 + 1e-6 * Math.max(1, Math.abs(x)));
        expect(roundAmount(r)).toBe(r);
        expect(Number.isInteger(Math.round(r * 100))).toBe(true);
        expect(Math.abs(r * 100 - Math.round(r * 100))).toBeLessThan(1e-6 * Math.max(1, Math.abs(r)));
      }),
      { numRuns: 1000 },
    );
  });

  it('totalWithTax adds amount and tax in cents', () => {
    expect(totalWithTax(0.1, 0.2)).toBe(0.3);
    expect(totalWithTax(10, null)).toBe(10);
    expect(totalWithTax(10.005, 0.7)).toBe(10.71);
  });

  it('totalWithTax of two-decimal amounts is exact (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (a, t) => {
        expect(totalWithTax(a / 100, t / 100)).toBe((a + t) / 100);
      }),
    );
  });
});

describe('amount formatting in both languages ($1,234.50 in es and en)', () => {
  it.each([
    [1234.5, 'es', '$1,234.50'],
    [1234.5, 'en', '$1,234.50'],
    [0, 'es', '$0.00'],
    [1000000, 'en', '$1,000,000.00'],
    [-5.5, 'es', '-$5.50'],
    [999.999, 'es', '$1,000.00'],
  ] as const)('formatAmount(%s, %s) = %s', (amount, lang, text) => {
    expect(formatAmount(amount, lang)).toBe(text);
  });

  it('defaults to Spanish', () => {
    expect(formatAmount(12)).toBe('$12.00');
  });

  it.each([
    [3000, 'USD', '30.00'], [5, 'USD', '0.05'], [3_000_000, 'COP', '30000'], [12_000_000, 'COP', '120000'], [-525, 'USD', '-5.25'], [-3_333_300, 'COP', '-33333'],
  ] as const)('minorUnitsText(%d, %s): %s, as an API message and a CSV write it (pesos are whole)', (minor, currency, text) => {
    expect(minorUnitsText(minor, currency)).toBe(text);
  });

  it('amountText is two decimals without symbol (TotalPagado)', () => {
    expect(amountText(12)).toBe('12.00');
    expect(amountText(1234.567)).toBe('1234.57');
  });
});

describe('a wallet balance pays a total only when it covers it whole (the balance method, the debt lookup)', () => {
  it.each([
    [100, 42, true],
    [42, 42, true],
    [41.99, 42, false],
    [20, 42, false],
    [0, 18.5, false],
    // Floating point: 0.1 + 0.2 is 0.30000000000000004, still 30 cents.
    [0.1 + 0.2, 0.3, true],
    [18.5, 18.49, true],
  ])('balance %d, total %d -> %s', (balance, total, covers) => {
    expect(balanceCovers(balance, total)).toBe(covers);
  });
});

describe('SPEC 5 "The amount must not exceed the merchant\'s transaction limit"', () => {
  it.each([
    [100, 100, false],
    [100.01, 100, true],
    [100.004, 100, false],
    [5000, 0, false],
    [5000, null, false],
    [5000, undefined, false],
    [5000, Number.NaN, false],
  ])('amount %s with limit %s exceeds: %s', (amount, limit, exceeds) => {
    expect(exceedsMerchantLimit(amount, limit)).toBe(exceeds);
  });
});

describe('SPEC 5 "Random-charge validation ... between $1.00 and $3.00"', () => {
  it.each([
    [1, true],
    [3, true],
    [2.37, true],
    [0.99, false],
    [3.01, false],
    [Number.NaN, false],
  ])('%s in range: %s', (amount, ok) => {
    expect(isValidationChargeInRange(amount)).toBe(ok);
  });

  // docs/sandbox.md "Random-charge validation": a card in pesos is charged whole pesos, 1.000 to 3.000.
  it.each([
    [1000, true],
    [3000, true],
    [2370, true],
    [2370.5, false],
    [2.37, false],
    [999, false],
    [3001, false],
  ])('%s pesos in range: %s', (amount, ok) => {
    expect(isValidationChargeInRange(amount, 'COP')).toBe(ok);
  });
});

describe('SPEC 5 "A campaign amount is sent only when both amount and bridge id exist."', () => {
  it.each([
    [5, 12, { amountToCampaign: 5, idCampaignBridge: 12 }],
    [5.555, 'b-1', { amountToCampaign: 5.56, idCampaignBridge: 'b-1' }],
    [null, 12, null],
    [undefined, 12, null],
    [0, 12, null],
    [Number.NaN, 12, null],
    [5, null, null],
    [5, undefined, null],
    [5, '', null],
  ])('amount %s bridge %s -> %j', (amount, bridge, expected) => {
    expect(campaignDonation(amount, bridge)).toEqual(expected);
  });
});

describe('cents, for storage after two-digit rounding', () => {
  it.each([
    [10.005, 1001], [0.1 + 0.2, 30], [1234.5, 123450], [-1.005, -101],
  ])('amountToCents(%s) = %s', (amount, cents) => {
    expect(amountToCents(amount)).toBe(cents);
  });

  it('round-trips two-decimal amounts (property)', () => {
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
      expect(amountToCents(centsToAmount(cents))).toBe(cents);
    }));
  });
});
