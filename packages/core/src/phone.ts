import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';

// Kept out of index.ts on purpose: libphonenumber-js/min is ~30 KB gzip and the widget loads this
// module lazily (`import('@pasarela/core/phone')` or a dynamic import of this file).

/** SPEC 5 "Phone check limits: over 250 characters is too long". */
export const PHONE_MAX_CHARACTERS = 250;
/** SPEC 5 "national part under 2 digits is too short". */
export const PHONE_MIN_NATIONAL_DIGITS = 2;
/** SPEC 5 "over 17 digits is too long". */
export const PHONE_MAX_DIGITS = 17;

/** An unknown default country parses only international (+...) numbers. */
function countryOf(code: string): CountryCode | undefined {
  const upper = code.trim().toUpperCase();
  return isSupportedCountry(upper) ? upper : undefined;
}

export type PhoneErrorKey = 'field_required' | 'invalid_phone_number';

/** Which SPEC 5 "Phone check limits" a phone breaks: 'too_long' (characters or digits) or 'too_short'. */
export function phoneLimitProblem(text: string, nationalDigits: number | null = null): 'too_long' | 'too_short' | null {
  if (text.length > PHONE_MAX_CHARACTERS) return 'too_long';
  if (text.replace(/\D/g, '').length > PHONE_MAX_DIGITS) return 'too_long';
  if (nationalDigits !== null && nationalDigits < PHONE_MIN_NATIONAL_DIGITS) return 'too_short';
  return null;
}

/**
 * SPEC 5 invalid_phone_number: "Phone checked by a phone-number check" with the limits above.
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
