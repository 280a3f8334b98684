import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';
import { nequiPhoneRules } from './nequiPhone';
import { phoneCountryOf } from './phoneCountry';
import { phoneLimitProblem } from './phoneLimits';

// Out of index.ts: libphonenumber-js/min is ~30 KB gzip, loaded lazily.

function countryOf(code: string): CountryCode | undefined {
  const upper = code.trim().toUpperCase();
  return isSupportedCountry(upper) ? upper : undefined;
}

export type PhoneErrorKey = 'field_required' | 'invalid_phone_number';

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
 * The phone a payer types at a merchant (the card form's): one written without its country code is
 * read as the merchant's country's, Colombia's, else Panama's (SPEC 5's default country).
 */
export function payerPhoneErrorKey(value: string, merchantCountry: string | null | undefined): PhoneErrorKey | null {
  return phoneErrorKey(value, phoneCountryOf(merchantCountry));
}

/** Read first as the merchant's country's; a landline or another country's number is refused. */
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

/**
 * A Yappy account's phone: a mobile of Panama, eight digits starting with 6, written with or without
 * Panama's code (+507, 00507) and spaces or dashes; its national digits, or null. A number of another
 * country, a landline or a short one is no Yappy account.
 */
export function yappyPhoneNumber(raw: string): string | null {
  if (phoneErrorKey(raw, 'PA') !== null) return null;
  const parsed = parsePhoneNumberFromString(raw.trim(), 'PA');
  if (!parsed || parsed.country !== 'PA') return null;
  const national = parsed.nationalNumber;
  return /^6\d{7}$/.test(national) ? national : null;
}
