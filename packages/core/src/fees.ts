// Issue 68 "Fees and net": each merchant has a price per method (a percentage plus a fixed amount);
// every movement of money records gross, fee and net in integer cents; a refund gives back its
// share of the fee. docs/merchant-api.md "Books" states the same rule for merchants.

/** A price for one method: a percentage in basis points (250 = 2.50 %) plus a fixed part in cents. */
export interface MethodPrice {
  percentBps: number;
  fixedCents: number;
}

/** The methods a price is set for (the merchant API's transaction methods). */
export const PRICED_METHODS = ['card', 'balance', 'nequi', 'yappy', 'cash', 'clave', 'crypto'] as const;
type PricedMethod = (typeof PRICED_METHODS)[number];

/** The sandbox's price of each method until the merchant's own is set (docs/merchant-api.md "Books"). */
export const DEFAULT_PRICES: Readonly<Record<PricedMethod, MethodPrice>> = {
  card: { percentBps: 290, fixedCents: 30 },
  balance: { percentBps: 100, fixedCents: 0 },
  nequi: { percentBps: 150, fixedCents: 0 },
  yappy: { percentBps: 150, fixedCents: 0 },
  cash: { percentBps: 200, fixedCents: 50 },
  clave: { percentBps: 100, fixedCents: 25 },
  crypto: { percentBps: 100, fixedCents: 0 },
};

/** Days after a payment before its money is available to pay out (pending until then), per method. */
const AVAILABILITY_DELAY_DAYS: Readonly<Record<PricedMethod, number>> = {
  card: 2, balance: 0, nequi: 1, yappy: 1, cash: 3, clave: 2, crypto: 1,
};

/** What a dispute costs the merchant on top of the disputed amount (kept whatever the outcome). */
export const DISPUTE_FEE_CENTS = 1500;

/** A method's price from the merchant's own prices, else the sandbox default (a card for an unknown method). */
export function priceOf(method: string, prices: Partial<Record<string, MethodPrice>>): MethodPrice {
  return prices[method] ?? DEFAULT_PRICES[method as PricedMethod] ?? DEFAULT_PRICES.card;
}

/** The delay of a method (a card's for an unknown one). */
export function availabilityDelayDays(method: string): number {
  return AVAILABILITY_DELAY_DAYS[method as PricedMethod] ?? AVAILABILITY_DELAY_DAYS.card;
}

/** a × b / c rounded half up (all positive), in BigInt so no product of cents loses a digit: the one rounding of the books. */
const mulDivHalfUp = (a: number, b: number, c: number) => Number((2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c)));

/**
 * THE ROUNDING RULE: the percentage part is gross × basis points / 10 000 rounded to the cent, half
 * up (0.5 cent becomes 1 cent), in integer arithmetic; the fee is that plus the fixed part, never
 * more than the gross (a payment never costs more than it brings); net = gross − fee, so
 * gross = fee + net to the cent.
 */
export function feeOf(price: MethodPrice, grossCents: number): { feeCents: number; netCents: number } {
  if (grossCents <= 0) return { feeCents: 0, netCents: grossCents };
  const feeCents = Math.min(grossCents, mulDivHalfUp(grossCents, price.percentBps, 10_000) + price.fixedCents);
  return { feeCents, netCents: grossCents - feeCents };
}

/**
 * The fee a refund of `refundCents` gives back: its share fee × refund / gross, measured from what
 * earlier refunds gave back, so the shares of refunds adding up to the whole payment add up to
 * exactly the whole fee (each share is the difference of two running totals rounded as above).
 */
export function refundedFeeCents(payment: { grossCents: number; feeCents: number; refundedBeforeCents: number }, refundCents: number): number {
  if (payment.grossCents <= 0 || payment.feeCents <= 0) return 0;
  const upTo = (cents: number) => mulDivHalfUp(payment.feeCents, Math.min(Math.max(cents, 0), payment.grossCents), payment.grossCents);
  return upTo(payment.refundedBeforeCents + refundCents) - upTo(payment.refundedBeforeCents);
}

/** A balance line as the balance reads it: its net and when it is available. */
interface BalanceLine {
  netCents: number;
  availableOn: Date;
}

/** Available (lines whose date has come) and pending (the others) at `now`: the sum of the nets, split. */
export function balanceOf(lines: readonly BalanceLine[], now: Date): { availableCents: number; pendingCents: number } {
  let availableCents = 0;
  let pendingCents = 0;
  for (const line of lines) {
    if (line.availableOn.getTime() <= now.getTime()) availableCents += line.netCents;
    else pendingCents += line.netCents;
  }
  return { availableCents, pendingCents };
}
