import { nequiPhoneNumber } from '@pasarela/core/phone';

/** A Nequi phone: a mobile of Colombia or Panama, read first as the merchant's country's (core's nequiPhoneNumber); its national digits, or null. */
export function nequiPhone(raw: string, merchantCountry: string | undefined): string | null {
  return nequiPhoneNumber(raw, merchantCountry);
}

/** A Panamanian mobile, as Yappy takes it: eight digits starting with 6 (an optional +507 in front). */
export function yappyPhone(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '').replace(/^\+?507(?=6\d{7}$)/, '');
  return /^6\d{7}$/.test(digits) ? digits : null;
}
