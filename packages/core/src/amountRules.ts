import * as v from 'valibot';
import { AMOUNT_DECIMALS } from './constants';
import { campaignAmountError } from './campaign';
import { amountToCents, exceedsMerchantLimit, formatAmount } from './money';
import { isWholeInCurrency, type Currency } from './currency';

// SPEC 5 amount limits, SPEC 8 codes, SPEC 9 two-digit rounding; the checkout applies the same rules.

/** Cents live in PostgreSQL `integer` columns: 2^31 - 1 is the most one holds. */
const MAX_AMOUNT_CENTS = 2_147_483_647;
const MAX_AMOUNT = MAX_AMOUNT_CENTS / 10 ** AMOUNT_DECIMALS;

const SCALE = 10 ** AMOUNT_DECIMALS;
// Binary floats carry dust (0.1 + 0.2): a few ulps, relative, so 1e-9 is no dust of 0.00.
const DUST_ULPS = 8 * Number.EPSILON;

/** The most a column holds in a currency's own units: pesos are whole, so their most is 21474836. */
const maxAmountIn = (currency: Currency): number => (isWholeInCurrency(MAX_AMOUNT_CENTS, currency) ? MAX_AMOUNT : Math.floor(MAX_AMOUNT));

/**
 * An amount in a refusal's detail, in the merchant's currency as English writes it ("$5,000.00",
 * "COP 20,000,000"): the API's answers write it again in the answer's language (sandbox errorText).
 */
const written = (amount: number, currency: Currency): string => formatAmount(amount, 'en', currency);

/** What the integer-cents columns hold, either sign. */
const withinColumns = (value: number) => Math.abs(value) <= MAX_AMOUNT;

/** At most two decimals: a third is refused, not rounded (docs/spec-decisions.md "Amounts on the wire"). */
function hasCentsOnly(value: number): boolean {
  const cents = value * SCALE;
  const whole = Math.round(cents);
  return Math.abs(cents - whole) <= Math.abs(whole) * DUST_ULPS;
}

const JSON_NUMBER = /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * The decimals of a JSON number as written (NaN for what is not one): `1.1000000000000001` has 16,
 * though the double it reads as prints 1.1; `100e-2` has none. The merchant API judges "at most two
 * decimals" on this, so a third is refused, never rounded away by the parser.
 */
function decimalsAsWritten(literal: string): number {
  const match = JSON_NUMBER.exec(literal);
  if (!match) return Number.NaN;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  const significant = digits.replace(/0+$/, '');
  if (significant === '') return 0;
  // The value is significant x 10^scale.
  const scale = Number(exponent) - fraction.length + (digits.length - significant.length);
  return Math.max(0, -scale);
}

/** "At most two decimals" of a number as written: what the merchant API takes. */
export const hasCentsAsWritten = (literal: string): boolean => decimalsAsWritten(literal) <= AMOUNT_DECIMALS;

function isMoney(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && withinColumns(value) && hasCentsOnly(value);
}

/** Beyond what the columns hold: said as such, whatever its decimals (1e308's cents overflow to Infinity, no rule of decimals to say). */
const tooLarge = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && !withinColumns(value);

type AmountField = 'amount' | 'taxAmount' | 'amountToCampaign';

interface AmountRefusal {
  code: 'invalid_amount' | 'greater_than_zero' | 'validation_positive_number' | 'amount_exceeds_limit_allowed' | 'amount_lt_min_message';
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
  /** The merchant's currency; absent is dollars. Pesos are whole (issue 93). */
  currency?: Currency | undefined;
  /** The amount is the payer's own (a link or station with no price): at least 1, SPEC 5 validation_positive_number. */
  payerTyped?: boolean | undefined;
}

/** SPEC 5 validation_positive_number: "Amount must be at least 1 (message: greater than $1.00)", a dollar or a peso. */
export const MIN_PAYER_AMOUNT = 1;

const refuse = (code: AmountRefusal['code'], field: AmountField, detail: string): AmountRefusal =>
  ({ code, field, kind: code === 'invalid_amount' || code === 'greater_than_zero' || code === 'validation_positive_number' ? 'invalid' : 'refused', detail });

/**
 * The first rule a payment's amounts break, or null. SPEC 5's limit applies to amount + tax (the
 * donation has its campaign's own bounds), and that total must fit the integer-cents columns.
 */
export function paymentAmountRefusal(amounts: PaymentAmounts, limits: AmountLimits = {}): AmountRefusal | null {
  const { amount, taxAmount = 0, donation = 0 } = amounts;
  const currency = limits.currency ?? 'USD';
  const max = written(maxAmountIn(currency), currency);
  if (tooLarge(amount)) return refuse('invalid_amount', 'amount', `amount must not exceed ${max}`);
  if (!isMoney(amount)) return refuse('invalid_amount', 'amount', 'amount must be a number with at most two decimals');
  // In whole cents: money, so 0 and -0 (and any negative) are not above 0.
  if (amountToCents(amount) <= 0) return refuse('greater_than_zero', 'amount', 'amount must be above 0');
  if (limits.payerTyped && amount < MIN_PAYER_AMOUNT) return refuse('validation_positive_number', 'amount', `amount must be at least ${written(MIN_PAYER_AMOUNT, currency)}`);
  if (tooLarge(taxAmount) && taxAmount > 0) return refuse('invalid_amount', 'taxAmount', `taxAmount must not exceed ${max}`);
  if (!isMoney(taxAmount) || taxAmount < 0) return refuse('invalid_amount', 'taxAmount', 'taxAmount must be 0 or more, with at most two decimals');
  if (!isWholeInCurrency(amountToCents(amount), currency)) return refuse('invalid_amount', 'amount', 'amount must be whole pesos: COP has no centavos');
  if (!isWholeInCurrency(amountToCents(taxAmount), currency)) return refuse('invalid_amount', 'taxAmount', 'taxAmount must be whole pesos: COP has no centavos');
  const totalCents = amountToCents(amount) + amountToCents(taxAmount);
  if (totalCents > MAX_AMOUNT_CENTS) return refuse('invalid_amount', 'amount', `amount plus taxAmount must not exceed ${max}`);
  if (exceedsMerchantLimit(totalCents / SCALE, limits.txLimit)) {
    // Named as sent: a plan or a station has no taxAmount.
    const limited = amounts.taxAmount === undefined ? 'amount' : 'amount plus taxAmount';
    return refuse('amount_exceeds_limit_allowed', 'amount', `${limited} exceeds the merchant's limit of ${written(limits.txLimit ?? 0, currency)}`);
  }
  return donationRefusal(donation, limits.campaign, currency);
}

/**
 * docs/api.md "Amount rules": an amount past what the integer-cents columns hold, said with the most
 * in the merchant's currency alone (a refund's or a capture's amount, whose schema cannot know the
 * merchant: moneySchema's `sizeCheckedInCurrency`). Null when it fits, or when it is no number.
 */
export function amountSizeRefusal(field: string, value: unknown, currency: Currency): string | null {
  return tooLarge(value) ? `${field} must not exceed ${written(maxAmountIn(currency), currency)}` : null;
}

/** A donation's own rules, in the merchant's currency (pesos are whole), then its campaign's bounds. */
export function donationRefusal(donation: unknown, campaign: AmountLimits['campaign'], currency: Currency = 'USD'): AmountRefusal | null {
  if (tooLarge(donation) && donation > 0) return refuse('invalid_amount', 'amountToCampaign', `amountToCampaign must not exceed ${written(maxAmountIn(currency), currency)}`);
  if (!isMoney(donation) || donation < 0) return refuse('invalid_amount', 'amountToCampaign', 'amountToCampaign must be 0 or more, with at most two decimals');
  if (!isWholeInCurrency(amountToCents(donation), currency)) return refuse('invalid_amount', 'amountToCampaign', 'amountToCampaign must be whole pesos: COP has no centavos');
  if (donation > 0 && campaign) {
    const code = campaignAmountError(donation, { ...campaign, defaultValues: [], description: '', title: '', logo: '' });
    if (code) return refuse(code, 'amountToCampaign', `amountToCampaign must be within ${campaign.minAmount ?? 0} and ${campaign.maxAmount ?? MAX_AMOUNT}`);
  }
  return null;
}

/**
 * Issue messages are SPEC codes for the API (the defaults) and sentences naming the field for the
 * merchant and admin APIs (`field`): "amount must be a number with at most two decimals", and above
 * what the columns hold "amount must not exceed 21474836.47 dollars or 21474836 pesos", not the decimals' words for 100000000.
 * `sizeCheckedInCurrency`: the caller knows the merchant and refuses that size with paymentAmountRefusal,
 * which names its currency alone (docs/api.md "Amount rules": 400 invalid_amount).
 */
export const moneySchema = (options: { positive?: boolean; field?: string; missingMessage?: string; invalidMessage?: string; belowMessage?: string; sizeCheckedInCurrency?: boolean } = {}) => {
  const { positive = false, field, sizeCheckedInCurrency = false } = options;
  const missingMessage = options.missingMessage ?? (field ? `${field} must be a number` : 'missing_arguments');
  const invalidMessage = options.invalidMessage ?? (field ? `${field} must be a number with at most two decimals` : 'invalid_amount');
  // The merchant's currency is not known to the schema: both limits are named.
  const aboveMessage = field ? `${field} must not exceed ${MAX_AMOUNT} dollars or ${maxAmountIn('COP')} pesos` : invalidMessage;
  const belowMessage = options.belowMessage ?? (field ? (positive ? `${field} must be above 0` : `${field} must not be negative`) : positive ? 'greater_than_zero' : invalidMessage);
  return v.pipe(
    v.number(missingMessage),
    v.check((n: number) => Number.isFinite(n), invalidMessage),
    // Its size before its decimals: 1e308's cents overflow, and its fault is its size.
    v.check((n: number) => sizeCheckedInCurrency || withinColumns(n), aboveMessage),
    v.check((n: number) => (sizeCheckedInCurrency && !withinColumns(n)) || hasCentsOnly(n), invalidMessage),
    v.check((n) => (positive ? amountToCents(n) > 0 : n >= 0), belowMessage),
  );
};
