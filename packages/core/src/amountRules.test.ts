import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import { amountSizeRefusal, hasCentsAsWritten, moneySchema, paymentAmountRefusal, type AmountLimits, type PaymentAmounts } from './amountRules';
import type { Currency } from './currency';

// money as moneySchema checks it, for either sign (the schema refuses a negative as below zero, apart)
const isMoney = (x: unknown) => v.is(moneySchema(), typeof x === 'number' ? Math.abs(x) : x);
// What an integer-cents column holds: 2^31 - 1 cents.
const MAX_AMOUNT = 21_474_836.47;
const MAX_AMOUNT_CENTS = 2 ** 31 - 1;

describe('SPEC 9 "Two-digit rounding for amounts": money on the wire has at most two decimals and is finite', () => {
  it.each<[unknown, boolean]>([
    [25, true],
    [25.5, true],
    [0.01, true],
    [0.1 + 0.2, true], // float dust of 0.30 is 0.30
    [1.1 * 3, true], // 3.3000000000000003
    [0, true],
    [-0, true],
    [-5, true], // money; the sign is each field's own rule
    [MAX_AMOUNT, true],
    [0.001, false], // a third decimal is refused, not rounded (docs/spec-decisions.md)
    [10.005, false],
    // whatever its size: a tiny value is no dust of 0.00
    [1e-9, false],
    [-1e-9, false],
    [1e-7, false],
    [Number.MIN_VALUE, false],
    [10.000000001, false],
    [21474836.001, false],
    [MAX_AMOUNT + 0.01, false], // more cents than a PostgreSQL integer holds
    [2 ** 53, false],
    [Number.POSITIVE_INFINITY, false], // "amount": 1e999 parses to Infinity
    [Number.NEGATIVE_INFINITY, false],
    [Number.NaN, false],
    ['25', false],
    ['NaN', false],
    [null, false],
    [undefined, false],
    [{}, false],
  ])('isMoney(%s) = %s', (value, expected) => {
    expect(isMoney(value)).toBe(expected);
  });

  it('every amount with whole cents up to the column maximum is money (property)', () => {
    fc.assert(fc.property(fc.integer({ min: -MAX_AMOUNT_CENTS, max: MAX_AMOUNT_CENTS }), (cents) => {
      expect(isMoney(cents / 100)).toBe(true);
    }), { numRuns: 2000 });
  });

  it('a whole-cent amount with a third to ninth decimal added is refused, whatever its size (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 3, max: 9 }), fc.constantFrom(1, -1), (cents, places, sign) => {
      expect(isMoney(sign * (cents / 100 + 10 ** -places))).toBe(false);
    }), { numRuns: 2000 });
  });
});

const campaign = { minAmount: 1, maxAmount: 500 };
const limits: AmountLimits = { txLimit: 5000, campaign };

describe('the amount rules of a payment (SPEC 5 "Amount limits", SPEC 8 codes)', () => {
  it.each<[string, PaymentAmounts, AmountLimits, { code: string; field: string; kind: string } | null]>([
    ['a plain payment passes', { amount: 25, taxAmount: 1.75 }, limits, null],
    ['no tax is no tax', { amount: 25 }, limits, null],
    // SPEC 8 greater_than_zero "Amount must be above 0 to pay"
    ['amount 0 is greater_than_zero', { amount: 0 }, limits, { code: 'greater_than_zero', field: 'amount', kind: 'invalid' }],
    ['amount -0 is greater_than_zero', { amount: -0 }, limits, { code: 'greater_than_zero', field: 'amount', kind: 'invalid' }],
    ['a negative amount is greater_than_zero', { amount: -5 }, limits, { code: 'greater_than_zero', field: 'amount', kind: 'invalid' }],
    ['the smallest double has more than two decimals', { amount: Number.MIN_VALUE }, limits, { code: 'invalid_amount', field: 'amount', kind: 'invalid' }],
    ['a tax of 1e-9 has more than two decimals (not $0)', { amount: 25, taxAmount: 1e-9 }, limits, { code: 'invalid_amount', field: 'taxAmount', kind: 'invalid' }],
    ['1e-7 has more than two decimals', { amount: 1e-7 }, limits, { code: 'invalid_amount', field: 'amount', kind: 'invalid' }],
    // SPEC 8 invalid_amount "Invalid amount"
    ['amount 1e999 (Infinity) is invalid_amount', { amount: Number.POSITIVE_INFINITY }, limits, { code: 'invalid_amount', field: 'amount', kind: 'invalid' }],
    ['amount NaN is invalid_amount', { amount: Number.NaN }, limits, { code: 'invalid_amount', field: 'amount', kind: 'invalid' }],
    ['amount as text is invalid_amount', { amount: '25' }, limits, { code: 'invalid_amount', field: 'amount', kind: 'invalid' }],
    ['a third decimal is invalid_amount', { amount: 0.001 }, limits, { code: 'invalid_amount', field: 'amount', kind: 'invalid' }],
    ['tax 1e999 is invalid_amount', { amount: 25, taxAmount: Number.POSITIVE_INFINITY }, limits, { code: 'invalid_amount', field: 'taxAmount', kind: 'invalid' }],
    ['a negative tax is invalid_amount', { amount: 25, taxAmount: -1 }, limits, { code: 'invalid_amount', field: 'taxAmount', kind: 'invalid' }],
    ['tax 0 passes', { amount: 25, taxAmount: 0 }, limits, null],
    // SPEC 5 "validation_positive_number: Amount must be at least 1 (message: greater than $1.00)", for an amount the payer types
    ['a typed amount of 0.99 is validation_positive_number', { amount: 0.99 }, { ...limits, payerTyped: true }, { code: 'validation_positive_number', field: 'amount', kind: 'invalid' }],
    ['a typed amount of 1.00 passes', { amount: 1 }, { ...limits, payerTyped: true }, null],
    ['a typed amount of 1 peso passes', { amount: 1 }, { currency: 'COP', payerTyped: true }, null],
    ['a set price below 1 passes (the merchant set it)', { amount: 0.5 }, limits, null],
    // SPEC 5 "The amount must not exceed the merchant's transaction limit (error amount_exceeds_limit_allowed)"
    ['the total equal to the limit passes', { amount: 4990, taxAmount: 10 }, limits, null],
    ['a tax that pushes the total over the limit is refused', { amount: 4990, taxAmount: 10.01 }, limits, { code: 'amount_exceeds_limit_allowed', field: 'amount', kind: 'refused' }],
    ['an amount over the limit is refused', { amount: 5000.01 }, limits, { code: 'amount_exceeds_limit_allowed', field: 'amount', kind: 'refused' }],
    ['no limit (0) lets a large amount pass', { amount: 1_000_000 }, { txLimit: 0 }, null],
    ['a total of exactly what an integer column holds passes', { amount: MAX_AMOUNT }, { txLimit: 0 }, null],
    ['a total past what an integer column holds is invalid_amount', { amount: MAX_AMOUNT, taxAmount: 0.01 }, { txLimit: 0 }, { code: 'invalid_amount', field: 'amount', kind: 'invalid' }],
    // SPEC 4 campaign bounds: minAmount / maxAmount
    ['a donation within the campaign passes', { amount: 25, donation: 5 }, limits, null],
    ['a donation of 0 is no donation', { amount: 25, donation: 0 }, limits, null],
    ['a negative donation is invalid_amount', { amount: 25, donation: -5 }, limits, { code: 'invalid_amount', field: 'amountToCampaign', kind: 'invalid' }],
    ['a donation of 1e999 is invalid_amount', { amount: 25, donation: Number.POSITIVE_INFINITY }, limits, { code: 'invalid_amount', field: 'amountToCampaign', kind: 'invalid' }],
    ['a donation below minAmount is amount_lt_min_message', { amount: 25, donation: 0.5 }, limits, { code: 'amount_lt_min_message', field: 'amountToCampaign', kind: 'refused' }],
    ['a $5,000 donation against a $500 maximum is refused', { amount: 25, donation: 5000 }, limits, { code: 'amount_exceeds_limit_allowed', field: 'amountToCampaign', kind: 'refused' }],
    ['the donation does not count against the merchant limit', { amount: 5000, donation: 500 }, limits, null],
    // Issue 93: pesos are whole, a donation's too
    ['a donation in pesos with centavos is invalid_amount', { amount: 30000, donation: 500.5 }, { currency: 'COP', campaign: { minAmount: 1, maxAmount: 1_000_000 } }, { code: 'invalid_amount', field: 'amountToCampaign', kind: 'invalid' }],
    ['a donation in whole pesos passes', { amount: 30000, donation: 500 }, { currency: 'COP', campaign: { minAmount: 1, maxAmount: 1_000_000 } }, null],
  ])('%s', (_name, amounts, given, expected) => {
    const refusal = paymentAmountRefusal(amounts, given);
    expect(refusal === null ? null : { code: refusal.code, field: refusal.field, kind: refusal.kind }).toEqual(expected);
  });

  // The refusal's detail is the sentence the API answers with (docs/api.md), after the SPEC code.
  it.each<[PaymentAmounts, AmountLimits, string]>([
    [{ amount: 0.001 }, limits, 'amount must be a number with at most two decimals'],
    // docs/api.md "Amount rules": "at most $21,474,836.47, or 21,474,836 pesos for a merchant in
    // Colombia": each said in the merchant's currency alone, written as it is written (English here;
    // the answer's language writes it its way).
    [{ amount: 1e8 }, limits, 'amount must not exceed $21,474,836.47'],
    [{ amount: 25, taxAmount: 1e9 }, limits, 'taxAmount must not exceed $21,474,836.47'],
    [{ amount: 0 }, limits, 'amount must be above 0'],
    [{ amount: 0.5 }, { payerTyped: true }, 'amount must be at least $1.00'],
    [{ amount: 25, taxAmount: -1 }, limits, 'taxAmount must be 0 or more, with at most two decimals'],
    [{ amount: MAX_AMOUNT, taxAmount: 0.01 }, { txLimit: 0 }, 'amount plus taxAmount must not exceed $21,474,836.47'],
    // Pesos are whole: their most is said in whole pesos (docs/merchant-api.md: 21474836 pesos).
    [{ amount: 21_474_837 }, { currency: 'COP' }, 'amount must not exceed COP\u00a021,474,836'],
    [{ amount: 25_000_000 }, { currency: 'COP', txLimit: 20_000_000 }, 'amount must not exceed COP\u00a021,474,836'],
    [{ amount: 21_474_836, taxAmount: 1 }, { currency: 'COP' }, 'amount plus taxAmount must not exceed COP\u00a021,474,836'],
    [{ amount: 30_000, donation: 1e9 }, { currency: 'COP' }, 'amountToCampaign must not exceed COP\u00a021,474,836'],
    // The merchant's limit too ("20000000" read as neither dollars nor pesos).
    [{ amount: 5000, taxAmount: 0.01 }, limits, "amount plus taxAmount exceeds the merchant's limit of $5,000.00"],
    [{ amount: 21_474_836, taxAmount: 0 }, { currency: 'COP', txLimit: 20_000_000 }, "amount plus taxAmount exceeds the merchant's limit of COP\u00a020,000,000"],
    // docs/merchant-api.md "Errors": the detail names the field as sent; a plan or a station sends no taxAmount.
    [{ amount: 5000.01 }, limits, "amount exceeds the merchant's limit of $5,000.00"],
    [{ amount: 25, donation: -5 }, limits, 'amountToCampaign must be 0 or more, with at most two decimals'],
    [{ amount: 25, donation: 0.5 }, limits, 'amountToCampaign must be within 1 and 500'],
    [{ amount: 25, donation: 0.5 }, { campaign: { minAmount: 1, maxAmount: null } }, `amountToCampaign must be within 1 and ${MAX_AMOUNT}`],
    [{ amount: 25, donation: 600 }, { campaign: { minAmount: null, maxAmount: 500 } }, 'amountToCampaign must be within 0 and 500'],
  ])('%j with %j is refused with the detail %j', (amounts, given, detail) => {
    expect(paymentAmountRefusal(amounts, given)?.detail).toBe(detail);
  });

  it('anything it lets through fits the columns and the limits (property)', () => {
    const amount = fc.oneof(fc.double(), fc.integer().map((n) => n / 100), fc.constantFrom(0, -0, 0.001, 2 ** 53, Number.NaN));
    fc.assert(fc.property(amount, amount, amount, (a, tax, donation) => {
      if (paymentAmountRefusal({ amount: a, taxAmount: tax, donation }, limits) !== null) return;
      expect(Math.round(a * 100)).toBeGreaterThan(0);
      expect(tax).toBeGreaterThanOrEqual(0);
      expect(Math.round(a * 100) + Math.round(tax * 100)).toBeLessThanOrEqual(5000 * 100);
      if (donation > 0) expect(donation >= campaign.minAmount && donation <= campaign.maxAmount).toBe(true);
    }), { numRuns: 3000 });
  });
});

describe('moneySchema, the same rules for a request schema field', () => {
  it.each<[unknown, boolean, string | null]>([
    [25, true, null],
    [0, true, 'greater_than_zero'],
    [Number.MIN_VALUE, true, 'invalid_amount'],
    [0.001, true, 'invalid_amount'],
    [1e-9, false, 'invalid_amount'],
    [Number.POSITIVE_INFINITY, true, 'invalid_amount'],
    ['25', true, 'missing_arguments'],
    [0, false, null],
    [-1, false, 'invalid_amount'],
    [1e8, true, 'invalid_amount'],
  ])('%s (positive: %s) -> %s', (value, positive, message) => {
    const result = v.safeParse(moneySchema({ positive }), value);
    expect(result.success ? null : result.issues[0].message).toBe(message);
  });

  // The merchant and admin APIs' words name the field and the rule broken: a sum too large is said as such.
  it.each<[unknown, boolean, string | null]>([
    [25.5, true, null],
    ['25', true, 'amount must be a number'],
    [25.555, true, 'amount must be a number with at most two decimals'],
    [Number.POSITIVE_INFINITY, true, 'amount must be a number with at most two decimals'],
    [1e8, true, 'amount must not exceed 21474836.47 dollars or 21474836 pesos'],
    [1e308, true, 'amount must not exceed 21474836.47 dollars or 21474836 pesos'],
    [21_474_836.47, true, null],
    [21_474_836.48, true, 'amount must not exceed 21474836.47 dollars or 21474836 pesos'],
    [0, true, 'amount must be above 0'],
    [-3, false, 'amount must not be negative'],
  ])('%s (positive: %s) -> %s, naming the field', (value, positive, message) => {
    const result = v.safeParse(moneySchema({ field: 'amount', positive }), value);
    expect(result.success ? null : result.issues[0].message).toBe(message);
  });

  // docs/api.md "Amount rules": past what the columns hold is 400 invalid_amount naming the merchant's
  // currency alone; a schema that cannot know the merchant leaves the size to paymentAmountRefusal.
  it.each<[unknown, boolean, string | null]>([
    [1e8, true, null],
    [1e308, true, null],
    [25_000_000, true, null],
    [-1e308, true, 'amount must be above 0'],
    [-1e308, false, 'amount must not be negative'],
    [25.555, true, 'amount must be a number with at most two decimals'],
    [Number.POSITIVE_INFINITY, true, 'amount must be a number with at most two decimals'],
    ['25', true, 'amount must be a number'],
  ])('%s (positive: %s) -> %s when the size is checked in the merchant\'s currency', (value, positive, message) => {
    const result = v.safeParse(moneySchema({ field: 'amount', positive, sizeCheckedInCurrency: true }), value);
    expect(result.success ? null : result.issues[0].message).toBe(message);
    if (message === null && typeof value === 'number') expect(paymentAmountRefusal({ amount: value }, { currency: 'COP' })?.code).toBe('invalid_amount');
  });
});

// docs/api.md "Amount rules": past what the columns hold "the message names the merchant's currency
// alone": a refund's or a capture's amount names dollars to a merchant in Panama, pesos to one in Colombia.
describe('amountSizeRefusal, the most an amount may be in the merchant\'s currency', () => {
  it.each<[unknown, Currency, string | null]>([
    [21_474_836.47, 'USD', null],
    [21_474_836.48, 'USD', 'amount must not exceed $21,474,836.47'],
    [1e9, 'USD', 'amount must not exceed $21,474,836.47'],
    [-1e308, 'USD', 'amount must not exceed $21,474,836.47'],
    [21_474_836, 'COP', null],
    [21_474_836.48, 'COP', 'amount must not exceed COP\u00a021,474,836'],
    [1e308, 'COP', 'amount must not exceed COP\u00a021,474,836'],
    [Number.POSITIVE_INFINITY, 'COP', null],
    ['1e9', 'USD', null],
  ])('%s in %s -> %s', (value, currency, message) => {
    expect(amountSizeRefusal('amount', value, currency)).toBe(message);
  });
});

// docs/merchant-api.md: "a third decimal is 400 invalid_arguments whatever the number's size (0.001 and
// 1e-9 alike; never rounded)": judged on the number as written, where a double may have dropped it.
describe('"a third decimal ... never rounded": the decimals of a JSON number as written', () => {
  it.each<[string, boolean]>([
    ['25', true],
    ['-3', true],
    ['0', true],
    ['0.0', true],
    ['1.10', true],
    ['26.75', true],
    ['26.750000', true],
    ['12.5e-1', true],
    ['100e-2', true],
    ['2.5e+3', true],
    ['1E-2', true],
    ['1.001', false],
    ['0.001', false],
    ['1e-9', false],
    ['1.1000000000000001', false],
    ['0.30000000000000004', false],
    ['2.0000000000000001e0', false],
    ['12.55e-1', false],
    // Not a JSON number.
    ['abc', false],
    ['.5', false],
  ])('%s has cents only as written: %s', (literal, cents) => {
    expect(hasCentsAsWritten(literal)).toBe(cents);
  });
});
