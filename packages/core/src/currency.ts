// A merchant's currency and the rules of its amounts (issue 93 "Pesos end to end"). Amounts are
// kept in the currency's ISO 4217 minor units (the *_cents columns): both currencies have two, so
// 50.000 COP is 5000000 minor units and $26.75 is 2675.
import type { Language } from './constants';

export const CURRENCIES = ['USD', 'COP'] as const;
export type Currency = (typeof CURRENCIES)[number];

interface CurrencyRule {
  /** The country whose merchants sell in it (ISO 3166-1 alpha-2), and whose payers' way of writing it the checkout uses. */
  country: string;
  /** ISO 4217 minor units: what processors are sent is amount * 10^minorUnits. */
  minorUnits: number;
  /**
   * The smallest step an amount moves by, in minor units, and so the smallest amount a payment may
   * carry: a cent; a whole peso (pesos are priced without centavos).
   */
  stepMinor: number;
  /** A new merchant's transaction limit (SPEC 5), in the currency's units. */
  defaultTxLimit: number;
}

export const CURRENCY_RULES: Readonly<Record<Currency, CurrencyRule>> = {
  USD: { country: 'PA', minorUnits: 2, stepMinor: 1, defaultTxLimit: 5_000 },
  COP: { country: 'CO', minorUnits: 2, stepMinor: 100, defaultTxLimit: 20_000_000 },
};

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** The countries a merchant may be of, each selling in its currency (CURRENCY_RULES): Panama (SPEC 5's default) and Colombia. */
export const MERCHANT_COUNTRIES = ['PA', 'CO'] as const;

/** A Colombian merchant sells in pesos; every other (Panama, SPEC 5's default country) in dollars. */
export function currencyOfCountry(country: string): Currency {
  return country.toUpperCase() === CURRENCY_RULES.COP.country ? 'COP' : 'USD';
}

/** True when the amount (in minor units) is a whole number of the currency's steps: any cent in dollars, whole pesos. */
export function isWholeInCurrency(minor: number, currency: Currency): boolean {
  return Number.isSafeInteger(minor) && minor % CURRENCY_RULES[currency].stepMinor === 0;
}

/** The methods whose processors take the currency: Yappy, Clave, PayCash vouchers, the wallet balance and crypto quotes are Panama's and in dollars; cards and Nequi take both. */
const METHOD_CURRENCIES: Readonly<Record<string, readonly Currency[]>> = {
  card: ['USD', 'COP'],
  nequi: ['USD', 'COP'],
  yappy: ['USD'],
  clave: ['USD'],
  cash: ['USD'],
  crypto: ['USD'],
  pfw: ['USD'],
  balance: ['USD'],
};

export function methodTakesCurrency(method: string, currency: Currency): boolean {
  return (METHOD_CURRENCIES[method] ?? ['USD']).includes(currency);
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Pesos as a payer of Colombia writes them, in whole pesos ("$ 50.000" in es-CO, "COP 50,000" in
 * en-CO). Dollars keep SPEC 9's one two-decimal format in both languages (core formatAmount), so
 * this takes pesos only; the caller passes dollars on to formatAmount.
 */
/** Used by money.ts formatAmount. */
export function formatPesos(amount: number, lang: Language): string {
  const locale = `${lang}-${CURRENCY_RULES.COP.country}`;
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'COP', minimumFractionDigits: 0, maximumFractionDigits: 0 });
    formatters.set(locale, format);
  }
  return format.format(amount === 0 ? 0 : amount);
}
