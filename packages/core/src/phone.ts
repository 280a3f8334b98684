import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';
import { nequiPhoneRule } from './nequiPhone';
import { phoneLimitProblem } from './phoneLimits';

// Kept out of index.ts on purpose: libphonenumber-js/min is ~30 KB gzip and the widget loads this
// module lazily (`import('@pasarela/core/phone')` or a dynamic import of this file).

/** An unknown default country parses only international (+...) numbers. */
function countryOf(code: string): CountryCode | undefined {
  const upper = code.trim().toUpperCase();
  return isSupportedCountry(upper) ? upper : undefined;
}

export type PhoneErrorKey = 'field_required' | 'invalid_phone_number';

/**
 * SPEC 5 invalid_phone_number: "Phone checked by a phone-number check" with the limits of phoneLimits.ts.
 * Returns the message key to show, or null when the phone is valid.
 */
export function phoneErrorKey(value: string, defaultCountry: string = 'PA'): PhoneErrorKey | null {
  const text = value.trim();
  if (text === '') return 'field_required';
  if (phoneLimitProblem(text) !== null) return 'invalid_phone_number';
  if (/[^\d\s()+.-]/.test(text)) return 'invalid_phone_number';
  const parsed = parsePhoneNumberFromString(text, countryOf(defaultCountry));
  if (!parsed || phoneLimitProblem(text, parsed.nationalNumber.length) !== null) return 'invalid_phone_number';
  return parsed.isValid() ? null : 'invalid_phone_number';
}

/**
 * A Nequi phone as the wallet takes it: a mobile of the merchant's country (core nequiPhoneRule), written
 * nationally or with that country's code; its national digits, or null. A number of another country is
 * refused even in international form: the payer's Nequi account is of the merchant's country.
 */
export function nequiPhoneNumber(raw: string, merchantCountry: string | null | undefined): string | null {
  const rule = nequiPhoneRule(merchantCountry);
  if (phoneErrorKey(raw, rule.country) !== null) return null;
  const parsed = parsePhoneNumberFromString(raw.trim(), rule.country);
  if (!parsed || parsed.country !== rule.country) return null;
  const national = parsed.nationalNumber;
  return national.length === rule.digits && national.startsWith(rule.leading) ? national : null;
}
