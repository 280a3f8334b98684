import type { Currency } from './currency';

/**
 * What a payer most often types wrong in an amount, named apart from "Debe ser un número" so the
 * message says how to fix it (issue 96: "-5" and "12,50" on the station; issue 93: centavos in pesos).
 */
type TypedAmountSlip = 'amount_negative' | 'amount_decimal_comma' | 'amount_whole_pesos';

// Pesos grouped by thousands the way Colombia writes them ("50.000"), the way English does ("50,000"), with spaces, or not at all.
const GROUPED_PESOS = /^\d{1,3}(?:\.\d{3})+$|^\d{1,3}(?:,\d{3})+$|^\d{1,3}(?: \d{3})+$|^\d+$/;
// Centavos: one or two digits after the last point or comma ("12.50", "50.000,00"); three are a thousands group.
const PESOS_WITH_CENTAVOS = /^\d{1,3}(?:[.,]\d{3})*[.,]\d{1,2}$|^\d+[.,]\d{1,2}$/;

export function typedAmountSlip(value: string, currency: Currency = 'USD'): TypedAmountSlip | null {
  const typed = value.trim();
  if (/^-\s*\d+([.,]\d+)*$/.test(typed)) return 'amount_negative';
  if (currency === 'COP') return PESOS_WITH_CENTAVOS.test(typed) ? 'amount_whole_pesos' : null;
  if (/^\d{1,3}(\.\d{3})*,\d{1,2}$|^\d+,\d{1,2}$/.test(typed)) return 'amount_decimal_comma';
  return null;
}

/** Whole pesos as a payer types them, or null when the text is not one: "50.000", "50,000" and "50000" are all fifty thousand. */
export function typedPesos(value: string): number | null {
  const typed = value.trim();
  if (!GROUPED_PESOS.test(typed)) return null;
  const pesos = Number(typed.replace(/[., ]/g, ''));
  return Number.isSafeInteger(pesos) ? pesos : null;
}
