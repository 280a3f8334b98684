import { nequiPhoneNumber } from '@pasarela/core/phone';

/** A Nequi phone: a mobile of Colombia or Panama, read first as the merchant's country's (core's nequiPhoneNumber); its national digits, or null. */
export function nequiPhone(raw: string, merchantCountry: string | undefined): string | null {
  return nequiPhoneNumber(raw, merchantCountry);
}
