// A cash voucher's payment code as the payer reads, dictates, copies and scans it (issue 21
// "Cash vouchers": "the 12-digit code is not grouped"). SPEC 1 "cash (a pay-cash voucher network and a
// cash-point network with branches or kiosks)"; SPEC 9 "Pending cash transactions last 24 hours".

/** Digits per group when the code is shown: 1234 5678 9012, read aloud at a kiosk group by group. */
const VOUCHER_CODE_GROUP = 4;

/**
 * The code as it is copied, typed at a kiosk or encoded in the barcode: its digits only, whatever
 * spaces or dashes a payer or an e-mail client put in. Text that is not a digit code is kept, trimmed.
 */
export function voucherCodeDigits(code: string | null | undefined): string {
  const text = (code ?? '').trim();
  const digits = text.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : text;
}

/**
 * The code as it is shown and e-mailed: groups of four digits from the left, separated by a space
 * ("123456789012" -> "1234 5678 9012"). A code that is not all digits is shown as it came.
 */
export function groupVoucherCode(code: string | null | undefined): string {
  const digits = voucherCodeDigits(code);
  if (!/^\d+$/.test(digits)) return digits;
  return (digits.match(new RegExp(`\\d{1,${VOUCHER_CODE_GROUP}}`, 'g')) ?? []).join(' ');
}

/**
 * Whether a barcode can carry the code: Code 128 set C encodes digits in pairs, the usual symbol on
 * cash vouchers in Panama; an odd or non-digit code gets no barcode (the digits still show).
 */
export function voucherBarcodeValue(code: string | null | undefined): string | null {
  const digits = voucherCodeDigits(code);
  return /^(\d\d)+$/.test(digits) ? digits : null;
}
