import * as v from 'valibot';
import type { Language } from './constants';
import type { Currency } from './currency';
import { SPECIFIC_ERROR_CODES } from './errorCodes';
import { amountText, formatAmount } from './money';
import { readTypedPesos } from './typedAmount';
import { required } from './validation';
import { DECIMAL_PATTERN } from './validationKeys';

// The random-charge validation page's rules live here, with the page's lazy screen, not in the first load's validation.ts.
import type { CatalogKey } from './i18n/index';

/**
 * Not SPEC's: the server's code for a validation its third wrong amount canceled, told apart from
 * SPEC 8's 619 (its time ran out). Here, with the page's lazy rules, not in the first load's errorCodes.ts.
 */
export const VALIDATION_CANCELED_CODE = 'Validation Canceled';

export const VALIDATION_TX_STATES = { withoutVerify: 0, confirmed: 1, canceled: 2 } as const;
type ValidationTxState = (typeof VALIDATION_TX_STATES)[keyof typeof VALIDATION_TX_STATES];
const VALIDATION_TX_FLAGS = { success: 4, paymentExpired: 1 } as const;

export interface TransactionState {
  stateOfValid: ValidationTxState;
  errorMessage: CatalogKey | null;
  /** 4 on success, 1 on 619, otherwise none. */
  statusFlag: number | null;
}

export const initialTransactionState: TransactionState = { stateOfValid: VALIDATION_TX_STATES.withoutVerify, errorMessage: null, statusFlag: null };

export function validationTxOutcome(result: { ok: true } | { ok: false; code: string }): TransactionState {
  if (result.ok) return { stateOfValid: VALIDATION_TX_STATES.confirmed, errorMessage: null, statusFlag: VALIDATION_TX_FLAGS.success };
  if (result.code === VALIDATION_CANCELED_CODE) {
    return { stateOfValid: VALIDATION_TX_STATES.canceled, errorMessage: 'validate_tx_canceled', statusFlag: null };
  }
  if (result.code === SPECIFIC_ERROR_CODES.paymentExpired) {
    return { stateOfValid: VALIDATION_TX_STATES.canceled, errorMessage: 'payment_expired', statusFlag: VALIDATION_TX_FLAGS.paymentExpired };
  }
  if (result.code === SPECIFIC_ERROR_CODES.invalidCode) {
    return { stateOfValid: VALIDATION_TX_STATES.canceled, errorMessage: 'invalid_code_validation_tx', statusFlag: null };
  }
  return { stateOfValid: VALIDATION_TX_STATES.canceled, errorMessage: 'try_again_validation_tx', statusFlag: null };
}

/** docs/sandbox.md "Three wrong answers cancel it". */
export const VALIDATION_WRONG_AMOUNTS_ALLOWED = 3;

/**
 * docs/sandbox.md "Three wrong answers cancel it; after 24 hours it answers 619": why a validation
 * takes no more answers, as the code the server answers (null while it takes them, or once confirmed).
 * A canceled validation is canceled by its wrong amounts when it has them all, else by its time.
 */
export function closedValidationCode(validation: { state: number; attempts: number; expired: boolean }): typeof VALIDATION_CANCELED_CODE | typeof SPECIFIC_ERROR_CODES.paymentExpired | null {
  if (validation.state === VALIDATION_TX_STATES.confirmed) return null;
  if (validation.state === VALIDATION_TX_STATES.canceled && validation.attempts >= VALIDATION_WRONG_AMOUNTS_ALLOWED) return VALIDATION_CANCELED_CODE;
  if (validation.state === VALIDATION_TX_STATES.canceled || validation.expired) return SPECIFIC_ERROR_CODES.paymentExpired;
  return null;
}

// SPEC 9 "Random validation charge $1.00 to $3.00": with the page's rules (above), since only this
// page and the server read them.
const VALIDATION_CHARGE_MIN_DOLLARS = 1;
const VALIDATION_CHARGE_MAX_DOLLARS = 3;
/**
 * SPEC 9's $1.00-$3.00 on a card in pesos: whole pesos (Colombian cards are charged no centavos),
 * small enough to go unnoticed and of the same order a cardholder reads as a check, not a purchase.
 */
const VALIDATION_CHARGE_MIN_PESOS = 1_000;
const VALIDATION_CHARGE_MAX_PESOS = 3_000;

/** The random validation charge's range in the currency's units: SPEC 9's dollars, or pesos. */
export function validationChargeRange(currency: Currency = 'USD'): { min: number; max: number } {
  return currency === 'COP'
    ? { min: VALIDATION_CHARGE_MIN_PESOS, max: VALIDATION_CHARGE_MAX_PESOS }
    : { min: VALIDATION_CHARGE_MIN_DOLLARS, max: VALIDATION_CHARGE_MAX_DOLLARS };
}

export function isValidationChargeInRange(amount: number, currency: Currency = 'USD'): boolean {
  const { min, max } = validationChargeRange(currency);
  // Pesos are whole (CURRENCY_RULES, read here without it: that table stays out of the first load).
  return Number.isFinite(amount) && amount >= min && amount <= max && (currency === 'USD' || Number.isInteger(amount));
}

/** Pesos are read as Colombia writes them ("2.370" is two thousand three hundred seventy), dollars as SPEC 5's decimal number. */
const chargeInRange = (s: string, currency: Currency): boolean =>
  (currency !== 'USD' || DECIMAL_PATTERN.test(s.trim())) && isValidationChargeInRange(typedValidationCharge(s, currency), currency);

/** SPEC 5 invalid_amount_validation_tx, "Validation amount must be 1 to 3 inclusive", in the charge's currency. */
export const validationCharge = (currency: Currency = 'USD') =>
  v.pipe(required(), v.check((s) => chargeInRange(s, currency), 'invalid_amount_validation_tx'));

/** Whole pesos as a payer types them, without the sign: "2.370" in es-CO, "2,370" in en-CO (readTypedPesos reads both). */
const typedPesosText = (amount: number, lang: Language) =>
  new Intl.NumberFormat(`${lang}-CO`, { maximumFractionDigits: 0 }).format(amount);

/** What the page's example answer is: a charge inside the range, typed as its payer types it. */
const EXAMPLE_CHARGE: Readonly<Record<Currency, number>> = { USD: 2.37, COP: 2_370 };

const typedText = (amount: number, lang: Language, currency: Currency) => (currency === 'COP' ? typedPesosText(amount, lang) : amountText(amount));

/** The range as the page says it ("$1.00", "$ 1.000") and as the payer types it ("1.00", "1.000"), with an example answer. */
export function validationChargeTexts(lang: Language, currency: Currency): { min: string; max: string; typedMin: string; typedMax: string; example: string } {
  const { min, max } = validationChargeRange(currency);
  return {
    min: formatAmount(min, lang, currency),
    max: formatAmount(max, lang, currency),
    typedMin: typedText(min, lang, currency),
    typedMax: typedText(max, lang, currency),
    example: typedText(EXAMPLE_CHARGE[currency], lang, currency),
  };
}

/** The typed answer (already checked by core validationCharge) as an amount: pesos as Colombia writes them, dollars as a decimal number. */
export function typedValidationCharge(typed: string, currency: Currency): number {
  if (currency === 'USD') return Number(typed.trim());
  const read = readTypedPesos(typed);
  return 'pesos' in read ? read.pesos : Number.NaN;
}

export function validationCheckBody(code: string, amount: number): { option: 'TRANSACTION'; action: 'VALID'; code: string } {
  return { option: 'TRANSACTION', action: 'VALID', code: `${code.trim()}|${amountText(amount)}` };
}
