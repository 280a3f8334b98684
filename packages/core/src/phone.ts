import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';
import { nequiPhoneRules } from './nequiPhone';
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
 * A Nequi phone as the wallet takes it: a mobile of Colombia or Panama, the two countries Nequi runs in,
 * read first as the merchant's country's (core nequiPhoneRules), written nationally or with the country's
 * code; its national digits, or null. A landline, or a number of any other country, is refused.
 */
export function nequiPhoneNumber(raw: string, merchantCountry: string | null | undefined): string | null {
  for (const rule of nequiPhoneRules(merchantCountry)) {
    if (phoneErrorKey(raw, rule.country) !== null) continue;
    const parsed = parsePhoneNumberFromString(raw.trim(), rule.country);
    if (!parsed || parsed.country !== rule.country) continue;
    const national = parsed.nationalNumber;
    if (national.length === rule.digits && national.startsWith(rule.leading)) return national;
  }
  return null;
}
