// Gross, fee and net in integer cents for every movement; a refund gives back its share of the fee.
// Cents are the currency's ISO 4217 minor units; a fee in pesos is whole pesos (core currency.ts).
import { CURRENCY_RULES, type Currency } from './currency';

export interface MethodPrice {
  percentBps: number;
  fixedCents: number;
}

export const PRICED_METHODS = ['card', 'balance', 'nequi', 'yappy', 'cash', 'clave', 'crypto'] as const;
type PricedMethod = (typeof PRICED_METHODS)[number];

const DEFAULT_PRICES: Readonly<Record<PricedMethod, MethodPrice>> = {
  card: { percentBps: 290, fixedCents: 30 },
  balance: { percentBps: 100, fixedCents: 0 },
  nequi: { percentBps: 150, fixedCents: 0 },
  yappy: { percentBps: 150, fixedCents: 0 },
  cash: { percentBps: 200, fixedCents: 50 },
  clave: { percentBps: 100, fixedCents: 25 },
  crypto: { percentBps: 100, fixedCents: 0 },
};

/** A Colombian merchant's defaults: the same percentages, the fixed parts in whole pesos. */
const DEFAULT_PRICES_COP: Readonly<Partial<Record<PricedMethod, MethodPrice>>> = {
  card: { percentBps: 290, fixedCents: 90_000 },
  nequi: { percentBps: 150, fixedCents: 0 },
};

const AVAILABILITY_DELAY_DAYS: Readonly<Record<PricedMethod, number>> = {
  card: 2, balance: 0, nequi: 1, yappy: 1, cash: 3, clave: 2, crypto: 1,
};

/** Kept whatever the outcome: $15.00, 60.000 COP. */
export const DISPUTE_FEE_CENTS: Readonly<Record<Currency, number>> = { USD: 1500, COP: 6_000_000 };

export function priceOf(method: string, prices: Partial<Record<string, MethodPrice>>, currency: Currency = 'USD'): MethodPrice {
  const own = prices[method];
  if (own) return own;
  if (currency === 'COP') return DEFAULT_PRICES_COP[method as PricedMethod] ?? DEFAULT_PRICES_COP.card ?? DEFAULT_PRICES.card;
  return DEFAULT_PRICES[method as PricedMethod] ?? DEFAULT_PRICES.card;
}

export function availabilityDelayDays(method: string): number {
  return AVAILABILITY_DELAY_DAYS[method as PricedMethod] ?? AVAILABILITY_DELAY_DAYS.card;
}

/**
 * a × b / c, half up to the currency's step (a cent in dollars, a whole peso), in BigInt so no product
 * of cents loses a digit: the one rounding of the books, from the exact value.
 */
function mulDivHalfUp(a: number, b: number, c: number, currency: Currency): number {
  const divisor = BigInt(c) * BigInt(CURRENCY_RULES[currency].stepMinor);
  return Number(((2n * BigInt(a) * BigInt(b) + divisor) / (2n * divisor)) * BigInt(CURRENCY_RULES[currency].stepMinor));
}

/** The fee never exceeds the gross (a payment never costs more than it brings); gross = fee + net to the cent. */
export function feeOf(price: MethodPrice, grossCents: number, currency: Currency = 'USD'): { feeCents: number; netCents: number } {
  if (grossCents <= 0) return { feeCents: 0, netCents: grossCents };
  const feeCents = Math.min(grossCents, mulDivHalfUp(grossCents, price.percentBps, 10_000, currency) + price.fixedCents);
  return { feeCents, netCents: grossCents - feeCents };
}

/**
 * A refund's share of the payment's fee, measured from running totals: `refundedBeforeCents` is what
 * the payment's refunds gave back so far and `feeBackBeforeCents` the fee they returned, both net of
 * refunds that failed later (their amount and fee came back to the merchant). The share is what brings
 * the fee returned to its proportion of the refunded amount, so refunds adding up to the payment give
 * back exactly its whole fee, failed ones between them or not; never below 0 nor past the fee left.
 */
export function refundedFeeCents(payment: { grossCents: number; feeCents: number; refundedBeforeCents: number; feeBackBeforeCents: number }, refundCents: number, currency: Currency = 'USD'): number {
  if (payment.grossCents <= 0 || payment.feeCents <= 0) return 0;
  // Rounded to the currency's step at the running total: the shares still add up to the whole fee.
  const upTo = (cents: number) => mulDivHalfUp(payment.feeCents, Math.min(Math.max(cents, 0), payment.grossCents), payment.grossCents, currency);
  const feeLeft = Math.max(payment.feeCents - payment.feeBackBeforeCents, 0);
  return Math.min(Math.max(upTo(payment.refundedBeforeCents + refundCents) - payment.feeBackBeforeCents, 0), feeLeft);
}

interface BalanceLine {
  netCents: number;
  availableOn: Date;
}

export function balanceOf(lines: readonly BalanceLine[], now: Date): { availableCents: number; pendingCents: number } {
  let availableCents = 0;
  let pendingCents = 0;
  for (const line of lines) {
    if (line.availableOn.getTime() <= now.getTime()) availableCents += line.netCents;
    else pendingCents += line.netCents;
  }
  return { availableCents, pendingCents };
}
