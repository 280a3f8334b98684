import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CURRENCY_RULES, MERCHANT_COUNTRIES, currencyOfCountry, isCurrency, isWholeInCurrency, methodTakesCurrency, type Currency } from './currency';
import { amountToCents, formatAmount } from './money';
import { paymentAmountRefusal, type PaymentAmounts } from './amountRules';
import { DISPUTE_FEE_CENTS, feeOf, priceOf, refundedFeeCents } from './fees';
import { disputeMove } from './paymentMoney';
import { refundCheck } from './refunds';
import { captureCheck } from './paymentHolds';

// Issue 93 "Pesos end to end": "a merchant's currency (USD for Panama, COP for Colombia, set at creation)".
describe('a merchant sells in its country\'s currency (issue 93)', () => {
  it.each<[string, Currency]>([
    ['PA', 'USD'],
    ['CO', 'COP'],
    ['co', 'COP'],
    ['US', 'USD'],
    ['MX', 'USD'], // only Colombia sells in pesos; every other country keeps SPEC 5's dollars
  ])('country %s sells in %s', (country, currency) => {
    expect(currencyOfCountry(country)).toBe(currency);
  });

  it('a merchant is of Panama or Colombia, the two countries whose currencies it sells in', () => {
    expect(MERCHANT_COUNTRIES).toEqual(['PA', 'CO']);
    expect(MERCHANT_COUNTRIES.map(currencyOfCountry)).toEqual(['USD', 'COP']);
    expect(Object.values(CURRENCY_RULES).map((rule) => rule.country)).toEqual(MERCHANT_COUNTRIES);
  });

  it.each<[unknown, boolean]>([['USD', true], ['COP', true], ['usd', false], ['EUR', false], [null, false]])('isCurrency(%s) = %s', (value, expected) => {
    expect(isCurrency(value)).toBe(expected);
  });
});

// Issue 93: "ISO 4217 minor units on the wire to processors: COP has 2 minor units in ISO 4217, so
// 50.000 COP is 5000000 minor units; USD cents".
describe('ISO 4217 minor units on the wire (issue 93)', () => {
  it.each<[number, Currency, number]>([
    [50_000, 'COP', 5_000_000],
    [1, 'COP', 100],
    [26.75, 'USD', 2675],
    [0.01, 'USD', 1],
    [0.1 + 0.2, 'USD', 30],
  ])('%s %s is %s minor units', (amount, currency, minor) => {
    // Both have two minor units, so the *_cents columns and the wire hold every amount alike.
    expect(CURRENCY_RULES[currency].minorUnits).toBe(2);
    expect(amountToCents(amount)).toBe(minor);
  });
});

// Issue 93: "COP in whole pesos"; SPEC 9 "Two-digit rounding for amounts" keeps applying to dollars.
describe('the step and minimum of each currency (issue 93, SPEC 9)', () => {
  it.each<[number, Currency, boolean]>([
    [5_000_000, 'COP', true],
    [5_000_050, 'COP', false], // 50.000,50 COP: no centavos
    [1, 'COP', false],
    [100, 'COP', true],
    [1, 'USD', true], // a cent is a dollar amount
    [2675, 'USD', true],
    [1.5, 'USD', false],
  ])('%s minor units are whole in %s: %s', (minor, currency, whole) => {
    expect(isWholeInCurrency(minor, currency)).toBe(whole);
  });

  it.each<[Currency, number]>([['USD', 0.01], ['COP', 1]])('the smallest %s amount is %s', (currency, minimum) => {
    const rule = CURRENCY_RULES[currency];
    expect(rule.stepMinor / 10 ** rule.minorUnits).toBe(minimum);
    expect(paymentAmountRefusal({ amount: minimum }, { currency })).toBeNull();
    expect(paymentAmountRefusal({ amount: minimum / 2 }, { currency })?.code).toMatch(/invalid_amount|greater_than_zero/);
  });
});

describe('the amount rules of a payment per currency (issue 93; SPEC 5 and 9 for dollars)', () => {
  it.each<[PaymentAmounts, Currency | undefined, string | null]>([
    [{ amount: 50_000 }, 'COP', null],
    [{ amount: 50_000.5 }, 'COP', 'invalid_amount'],
    [{ amount: 50_000, taxAmount: 9_500 }, 'COP', null],
    [{ amount: 50_000, taxAmount: 0.5 }, 'COP', 'invalid_amount'],
    [{ amount: 50_000, donation: 0.25 }, 'COP', 'invalid_amount'],
    [{ amount: 0.5 }, 'COP', 'invalid_amount'],
    [{ amount: 0 }, 'COP', 'greater_than_zero'],
    [{ amount: 26.75 }, 'USD', null],
    [{ amount: 26.75 }, undefined, null], // dollars when no currency is named
    [{ amount: 26.755 }, 'USD', 'invalid_amount'], // SPEC 9: two decimals, a third refused
    [{ amount: 26.755 }, 'COP', 'invalid_amount'],
    [{ amount: 0 }, 'USD', 'greater_than_zero'],
  ])('%o in %s: %s', (amounts, currency, code) => {
    expect(paymentAmountRefusal(amounts, { currency })?.code ?? null).toBe(code);
  });

  it('the merchant limit applies in the merchant\'s currency (SPEC 5)', () => {
    expect(paymentAmountRefusal({ amount: 50_000 }, { currency: 'COP', txLimit: 40_000 })?.code).toBe('amount_exceeds_limit_allowed');
    expect(paymentAmountRefusal({ amount: 50_000 }, { currency: 'COP', txLimit: 20_000_000 })).toBeNull();
  });
});

// Issue 93: "methods offered where they work (Yappy and Clave in Panama, Nequi in both)".
describe('methods take the currencies their processors take (issue 93)', () => {
  it.each<[string, boolean, boolean]>([
    ['card', true, true],
    ['nequi', true, true],
    ['yappy', true, false],
    ['clave', true, false],
    ['cash', true, false],
    ['crypto', true, false],
    ['pfw', true, false],
    ['balance', true, false],
    ['some-later-method', true, false],
  ])('%s: dollars %s, pesos %s', (method, usd, cop) => {
    expect(methodTakesCurrency(method, 'USD')).toBe(usd);
    expect(methodTakesCurrency(method, 'COP')).toBe(cop);
  });
});

// Issue 93: "the checkout formats the currency for the payer's language and country ("$ 50.000" es-CO)".
describe('amounts as the payer writes them (issue 93; SPEC 9 for dollars)', () => {
  const plain = (text: string) => text.replace(/\s/g, ' ');
  it.each<[number, 'es' | 'en', Currency, string]>([
    [50_000, 'es', 'COP', '$ 50.000'],
    [50_000, 'en', 'COP', 'COP 50,000'],
    [1_234_567, 'es', 'COP', '$ 1.234.567'],
    [0, 'es', 'COP', '$ 0'],
    [26.75, 'es', 'USD', '$26.75'],
    [26.75, 'en', 'USD', '$26.75'],
    [1234.5, 'es', 'USD', '$1,234.50'],
  ])('%s in %s (%s) reads %s', (amount, lang, currency, text) => {
    expect(plain(formatAmount(amount, lang, currency))).toBe(text);
  });

  it('dollars are formatted as before when no currency is named', () => {
    expect(formatAmount(26.75, 'es')).toBe('$26.75');
  });
});

describe('the books in pesos are whole pesos (issue 93)', () => {
  it.each<[number, string, number, number]>([
    // 2.9 % + 900 COP of 50.000 COP: 1.450 + 900 = 2.350 COP
    [5_000_000, 'card', 235_000, 4_765_000],
    // 1.5 % of 50.000 COP: 750 COP
    [5_000_000, 'nequi', 75_000, 4_925_000],
    // 1.5 % of 33.333 COP is 499,995 COP: whole pesos, 500
    [3_333_300, 'nequi', 50_000, 3_283_300],
    // Rounded once, from the exact value: 2.9 % of 1.155 COP is 33,495 COP, so 33 (+ 900), not
    // 33,50 first and then 34
    [115_500, 'card', 93_300, 22_200],
    [215_500, 'card', 96_200, 119_300],
    [3_415_500, 'card', 189_000, 3_226_500],
    // 1.5 % of 233 COP is 3,495 COP: 3
    [23_300, 'nequi', 300, 23_000],
    // a tie in pesos goes up: 1.5 % of 100 COP is 1,5 COP, so 2
    [10_000, 'nequi', 200, 9_800],
  ])('a %s minor-unit %s payment: fee %s, net %s', (gross, method, fee, net) => {
    const cop = feeOf(priceOf(method, {}, 'COP'), gross, 'COP');
    expect(cop).toEqual({ feeCents: fee, netCents: net });
    expect(cop.feeCents % 100).toBe(0);
  });

  it('a fee in pesos is the exact percentage rounded once to the peso, half up, for any gross and price', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2_000_000_000 }).map((pesos) => pesos * 100), fc.integer({ min: 0, max: 10_000 }), (gross, percentBps) => {
      const { feeCents } = feeOf({ percentBps, fixedCents: 0 }, gross, 'COP');
      // In pesos, exactly: gross/100 × bps / 10 000 = gross × bps / 1 000 000.
      const twice = BigInt(gross) * BigInt(percentBps);
      const expected = Number((twice + 500_000n) / 1_000_000n) * 100;
      return feeCents === Math.min(gross, expected);
    }));
  });

  it('dollar fees keep their cents (SPEC books unchanged)', () => {
    expect(feeOf(priceOf('card', {}), 2675)).toEqual({ feeCents: 108, netCents: 2567 });
    expect(feeOf(priceOf('card', {}, 'USD'), 2675, 'USD')).toEqual({ feeCents: 108, netCents: 2567 });
  });

  it('refunds in pesos give back whole pesos of the fee, all of it in the end', () => {
    const payment = { grossCents: 5_000_000, feeCents: 235_000 };
    const first = refundedFeeCents({ ...payment, refundedBeforeCents: 0, feeBackBeforeCents: 0 }, 2_000_000, 'COP');
    const second = refundedFeeCents({ ...payment, refundedBeforeCents: 2_000_000, feeBackBeforeCents: first }, 1_333_300, 'COP');
    const rest = refundedFeeCents({ ...payment, refundedBeforeCents: 3_333_300, feeBackBeforeCents: first + second }, 1_666_700, 'COP');
    expect([first, second, rest].every((share) => share % 100 === 0)).toBe(true);
    expect(first).toBe(94_000);
    expect(first + second + rest).toBe(235_000);
  });

  it('a chargeback charges the dispute fee of the payment\'s currency', () => {
    const move = (currency?: Currency) => disputeMove(undefined, { stage: 'chargeback', status: 'needs_response', amountCents: 5_000_000 }, { capturedCents: 5_000_000, refundHeldCents: 0, currency }, 0);
    expect(move('COP')).toMatchObject({ feeCents: DISPUTE_FEE_CENTS.COP });
    expect(move(undefined)).toMatchObject({ feeCents: DISPUTE_FEE_CENTS.USD });
  });
});

// Issue 93 "COP in whole pesos": a refund or a capture of a payment in pesos moves whole pesos.
describe('refunds and captures of a payment in pesos are whole pesos (issue 93)', () => {
  const approved = { method: 'card', status: 1, authStatus: 'APPROVED', paidCents: 5_000_000, heldCents: 0 };
  it.each<[number | undefined, Currency | undefined, unknown]>([
    [2_000_000, 'COP', { cents: 2_000_000 }],
    [2_000_050, 'COP', { refusal: 'amount_not_whole' }],
    [undefined, 'COP', { cents: 5_000_000 }], // the rest, whole already
    [2_000_050, 'USD', { cents: 2_000_050 }],
    [2_000_050, undefined, { cents: 2_000_050 }],
  ])('refund of %s minor units in %s: %o', (cents, currency, answer) => {
    expect(refundCheck({ ...approved, currency }, cents)).toEqual(answer);
  });

  it.each<[number, Currency | undefined, unknown]>([
    [4_000_000, 'COP', { cents: 4_000_000, releasedCents: 1_000_000 }],
    [4_000_001, 'COP', { refusal: 'amount_not_whole' }],
    [4_000_001, undefined, { cents: 4_000_001, releasedCents: 999_999 }],
  ])('capture of %s minor units in %s: %o', (cents, currency, answer) => {
    expect(captureCheck({ state: 'authorized', heldCents: 5_000_000, capturedCents: 0, currency }, cents)).toEqual(answer);
  });
});
