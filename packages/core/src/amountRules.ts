import * as v from 'valibot';
import { AMOUNT_DECIMALS } from './constants';
import { campaignAmountError } from './campaign';
import { amountToCents, exceedsMerchantLimit } from './money';

// The rules every amount the server takes must pass (SPEC 5 "Amount limits", SPEC 8 codes, SPEC 9
// "Two-digit rounding for amounts"). The checkout applies the same rules to what the payer types.

/** Amounts are kept in whole cents in PostgreSQL `integer` columns: 2^31 - 1 cents is the most one holds. */
const MAX_AMOUNT_CENTS = 2_147_483_647;
/** The largest amount in dollars, $21,474,836.47. */
export const MAX_AMOUNT = MAX_AMOUNT_CENTS / 10 ** AMOUNT_DECIMALS;

const SCALE = 10 ** AMOUNT_DECIMALS;
// Binary floats carry dust (0.1 + 0.2 is 0.30000000000000004): a few units in the last place of a
// whole number of cents, relative to it. Relative, so a tiny value (1e-9) is no dust of 0.00.
const DUST_ULPS = 8 * Number.EPSILON;

/**
 * Money on the wire: a finite number with at most two decimals (SPEC 9), of at most MAX_AMOUNT in
 * size. A third decimal is refused, not rounded, whatever the value's size: 0.001 and 1e-9 alike
 * (docs/spec-decisions.md "Amounts on the wire").
 */
function isMoney(value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > MAX_AMOUNT) return false;
  const cents = value * SCALE;
  const whole = Math.round(cents);
  return Math.abs(cents - whole) <= Math.abs(whole) * DUST_ULPS;
}

/** Which amount of a payment a refusal is about. */
type AmountField = 'amount' | 'taxAmount' | 'amountToCampaign';

interface AmountRefusal {
  /** SPEC 8's code: invalid_amount, greater_than_zero, amount_exceeds_limit_allowed, amount_lt_min_message. */
  code: 'invalid_amount' | 'greater_than_zero' | 'amount_exceeds_limit_allowed' | 'amount_lt_min_message';
  field: AmountField;
  /** invalid for what is not money; refused for money the merchant's or campaign's limits refuse. */
  kind: 'invalid' | 'refused';
  detail: string;
}

export interface PaymentAmounts {
  amount: unknown;
  /** Absent is no tax. */
  taxAmount?: unknown;
  /** The donation to the campaign (amountToCampaign); absent or 0 is none. */
  donation?: unknown;
}

export interface AmountLimits {
  /** The merchant's transaction limit in dollars; 0 or less, or none, is no limit (SPEC 5). */
  txLimit?: number | null | undefined;
  /** The bounds of the campaign a donation goes to (SPEC 3 "Campaign bridge"). */
  campaign?: { minAmount: number | null; maxAmount: number | null } | null | undefined;
}

const refuse = (code: AmountRefusal['code'], field: AmountField, detail: string): AmountRefusal =>
  ({ code, field, kind: code === 'invalid_amount' || code === 'greater_than_zero' ? 'invalid' : 'refused', detail });

/**
 * The first rule a payment's amounts break, or null:
 * - every amount is money (isMoney), else invalid_amount;
 * - SPEC 8 greater_than_zero "Amount must be above 0 to pay": amount > 0;
 * - the tax is not negative (invalid_amount);
 * - SPEC 5 "The amount must not exceed the merchant's transaction limit (amount_exceeds_limit_allowed)":
 *   the total the payer pays, amount + tax, is what the limit applies to (the donation goes to the
 *   campaign and has its own bounds), and the total fits the integer-cents columns;
 * - SPEC 4 campaign bounds: a donation below minAmount is amount_lt_min_message, above maxAmount
 *   amount_exceeds_limit_allowed (core campaignAmountError), a negative one invalid_amount.
 */
export function paymentAmountRefusal(amounts: PaymentAmounts, limits: AmountLimits = {}): AmountRefusal | null {
  const { amount, taxAmount = 0, donation = 0 } = amounts;
  if (!isMoney(amount)) return refuse('invalid_amount', 'amount', 'amount must be a number with at most two decimals');
  // In whole cents: money, so 0 and -0 (and any negative) are not above 0.
  if (amountToCents(amount) <= 0) return refuse('greater_than_zero', 'amount', 'amount must be above 0');
  if (!isMoney(taxAmount) || taxAmount < 0) return refuse('invalid_amount', 'taxAmount', 'taxAmount must be 0 or more, with at most two decimals');
  const totalCents = amountToCents(amount) + amountToCents(taxAmount);
  if (totalCents > MAX_AMOUNT_CENTS) return refuse('invalid_amount', 'amount', `amount plus taxAmount must not exceed ${MAX_AMOUNT}`);
  if (exceedsMerchantLimit(totalCents / SCALE, limits.txLimit)) {
    return refuse('amount_exceeds_limit_allowed', 'amount', `amount plus taxAmount exceeds the merchant's limit of ${limits.txLimit}`);
  }
  return donationRefusal(donation, limits.campaign);
}

/**
 * The donation's own rules (SPEC 4 campaign bounds): money, 0 or more (0 is no donation), within the
 * campaign's minAmount (amount_lt_min_message) and maxAmount (amount_exceeds_limit_allowed).
 */
export function donationRefusal(donation: unknown, campaign: AmountLimits['campaign']): AmountRefusal | null {
  if (!isMoney(donation) || donation < 0) return refuse('invalid_amount', 'amountToCampaign', 'amountToCampaign must be 0 or more, with at most two decimals');
  if (donation > 0 && campaign) {
    const code = campaignAmountError(donation, { ...campaign, defaultValues: [], description: '', title: '', logo: '' });
    if (code) return refuse(code, 'amountToCampaign', `amountToCampaign must be within ${campaign.minAmount ?? 0} and ${campaign.maxAmount ?? MAX_AMOUNT}`);
  }
  return null;
}

/**
 * A money field of a request schema: a number (else `missingMessage`), money (isMoney, else
 * `invalidMessage`), above 0 when `positive` and 0 or more otherwise (else `belowMessage`). Issue
 * messages are SPEC codes for the API (the defaults) and sentences for the admin API.
 */
export const moneySchema = (options: { positive?: boolean; missingMessage?: string; invalidMessage?: string; belowMessage?: string } = {}) => {
  const { positive = false, missingMessage = 'missing_arguments', invalidMessage = 'invalid_amount' } = options;
  const belowMessage = options.belowMessage ?? (positive ? 'greater_than_zero' : invalidMessage);
  return v.pipe(
    v.number(missingMessage),
    v.check((n: number) => isMoney(n), invalidMessage),
    v.check((n) => (positive ? amountToCents(n) > 0 : n >= 0), belowMessage),
  );
};
