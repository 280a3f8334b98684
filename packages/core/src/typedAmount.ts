/**
 * What a payer most often types wrong in an amount, named apart from "Debe ser un número" so the
 * message says how to fix it (issue 96: "-5" and "12,50" on the station).
 */
type TypedAmountSlip = 'amount_negative' | 'amount_decimal_comma';

export function typedAmountSlip(value: string): TypedAmountSlip | null {
  const typed = value.trim();
  if (/^-\s*\d+([.,]\d+)?$/.test(typed)) return 'amount_negative';
  if (/^\d{1,3}(\.\d{3})*,\d{1,2}$|^\d+,\d{1,2}$/.test(typed)) return 'amount_decimal_comma';
  return null;
}
