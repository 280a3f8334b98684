/**
 * What a payer most often types wrong in an amount, named apart from "Debe ser un número" so the
 * message says how to fix it (issue 96: "-5" and "12,50" on the station; issue 93: centavos in pesos).
 */
type TypedAmountSlip = 'amount_negative' | 'amount_decimal_comma' | 'amount_whole_pesos';

// Pesos grouped by thousands the way Colombia writes them ("50.000"), the way English does ("50,000"), with spaces, or not at all.
const GROUPED_PESOS = /^\d{1,3}(?:\.\d{3})+$|^\d{1,3}(?:,\d{3})+$|^\d{1,3}(?: \d{3})+$|^\d+$/;
// Centavos: one or two digits after the last point or comma ("12.50", "50.000,00"); three are a thousands group.
const PESOS_WITH_CENTAVOS = /^\d{1,3}(?:[.,]\d{3})*[.,]\d{1,2}$|^\d+[.,]\d{1,2}$/;

const NEGATIVE = /^-\s*\d+([.,]\d+)*$/;

/** A slip in dollars typed as a payer types them: a minus sign, or a comma before the cents. */
export function typedAmountSlip(value: string): TypedAmountSlip | null {
  const typed = value.trim();
  if (NEGATIVE.test(typed)) return 'amount_negative';
  if (/^\d{1,3}(\.\d{3})*,\d{1,2}$|^\d+,\d{1,2}$/.test(typed)) return 'amount_decimal_comma';
  return null;
}

/** Typed pesos read: the whole pesos, or why the text is none (a slip named for its fix, or no amount at all). */
type TypedPesos = { pesos: number } | { refused: Exclude<TypedAmountSlip, 'amount_decimal_comma'> | 'not_pesos' };

/**
 * Whole pesos as a payer or an operator types them: "50.000", "50,000", "50 000" and "50000" are all
 * fifty thousand; "12.50" and "50.000,00" carry centavos, which pesos do not have; "-5" is negative.
 * The widget's station and the console read pesos with it alone, never as dollars, where "50.000" is 50.
 */
export function readTypedPesos(value: string): TypedPesos {
  const typed = value.trim();
  if (NEGATIVE.test(typed)) return { refused: 'amount_negative' };
  if (PESOS_WITH_CENTAVOS.test(typed)) return { refused: 'amount_whole_pesos' };
  if (!GROUPED_PESOS.test(typed)) return { refused: 'not_pesos' };
  const pesos = Number(typed.replace(/[., ]/g, ''));
  return Number.isSafeInteger(pesos) ? { pesos } : { refused: 'not_pesos' };
}

/**
 * Who types dollars, and so how they are read. An operator, in the console, writes the cents after a
 * dot or a comma ("12,50"). A payer writes them after a dot, as the checkout shows amounts (a comma is
 * the slip typedAmountSlip names), and is read while typing: "2." is 2, its cents on the way.
 */
type DollarsTypist = 'operator' | 'payer';

// Dollars: up to nine digits, and at most two decimals.
const DOLLARS: Record<DollarsTypist, RegExp> = {
  operator: /^\d{1,9}(?:[.,]\d{1,2})?$/,
  payer: /^\d{1,9}(?:\.\d{0,2})?$/,
};

/**
 * Dollars as they are typed ("1500", "1500.5", an operator's "12,50", a payer's "2."), with at most two
 * decimals. A thousands separator ("1,500", "1.500") is no amount: read as decimals it would be 1.5,
 * a thousandth of what was meant.
 */
export function readTypedDollars(value: string, typist: DollarsTypist): { dollars: number } | { refused: 'not_dollars' } {
  const typed = value.trim();
  return DOLLARS[typist].test(typed) ? { dollars: Number(typed.replace(',', '.')) } : { refused: 'not_dollars' };
}
