// Issue 21: the 12-digit code is grouped for reading aloud at a kiosk, digits only when copied or scanned.

const VOUCHER_CODE_GROUP = 4;

export function voucherCodeDigits(code: string | null | undefined): string {
  const text = (code ?? '').trim();
  const digits = text.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : text;
}

export function groupVoucherCode(code: string | null | undefined): string {
  const digits = voucherCodeDigits(code);
  if (!/^\d+$/.test(digits)) return digits;
  return (digits.match(new RegExp(`\\d{1,${VOUCHER_CODE_GROUP}}`, 'g')) ?? []).join(' ');
}

/** Code 128 set C encodes digits in pairs, the usual symbol on Panama's vouchers; odd codes get no barcode. */
export function voucherBarcodeValue(code: string | null | undefined): string | null {
  const digits = voucherCodeDigits(code);
  return /^(\d\d)+$/.test(digits) ? digits : null;
}
