import { describe, expect, it } from 'vitest';
import { payerPhoneErrorKey, phoneErrorKey } from './phone';
import { phoneLimitProblem } from './phoneLimits';

describe('SPEC 5 invalid_phone_number "Phone checked by a phone-number check"', () => {
  it.each([
    ['61111111', 'PA', null, 'Panama mobile (Yappy test phone)'],
    ['6123-4567', 'PA', null, 'with a dash'],
    ['+507 6111 1111', 'CO', null, 'international form wins over the default country'],
    ['3991111111', 'CO', null, 'Colombia mobile (Nequi test phone)'],
    ['3001234567', 'co', null, 'country code in lower case'],
    ['', 'PA', 'field_required', 'empty'],
    ['   ', 'PA', 'field_required', 'blank'],
    ['1', 'PA', 'invalid_phone_number', 'national part under 2 digits is too short'],
    ['12345', 'PA', 'invalid_phone_number', 'not a number of the country'],
    ['123456789012345678', 'PA', 'invalid_phone_number', 'over 17 digits is too long'],
    [`6${' '.repeat(250)}1111111`, 'PA', 'invalid_phone_number', 'over 250 characters is too long'],
    ['6111abcd', 'PA', 'invalid_phone_number', 'letters'],
    ['6111-1111 ext. 12', 'PA', 'invalid_phone_number', 'an extension is not a phone the payer can be pushed to (letters)'],
    ['61111111', ' pa ', null, 'the country code is read trimmed'],
  ])('%j (%s) -> %s: %s', (value, country, key, _why) => {
    expect(phoneErrorKey(value, country)).toBe(key);
  });

  it('an unknown default country accepts only international numbers', () => {
    expect(phoneErrorKey('61111111', 'XX')).toBe('invalid_phone_number');
    expect(phoneErrorKey('+507 6111 1111', 'XX')).toBeNull();
  });

  it('defaults to Panama', () => {
    expect(phoneErrorKey('61111111')).toBeNull();
  });
});

describe('SPEC 5 invalid_phone_number for the phone a payer types at a merchant: without its country code, the merchant\'s country\'s (Colombia\'s, else Panama\'s)', () => {
  it.each([
    ['6123-4567', 'PA', null, 'a Panamanian number at a Panamanian merchant'],
    ['300 123 4567', 'PA', 'invalid_phone_number', 'a Colombian number without its code at a Panamanian merchant'],
    ['+57 300 123 4567', 'PA', null, 'a Colombian number with its code'],
    ['300 123 4567', 'CO', null, 'a Colombian number at a Colombian merchant'],
    ['6123-4567', 'CO', 'invalid_phone_number', 'a Panamanian number without its code at a Colombian merchant'],
    ['+507 6123 4567', 'CO', null, 'a Panamanian number with its code'],
    ['300 123 4567', ' co ', null, 'the country read trimmed, in any case'],
    ['6123-4567', 'US', null, 'another country is read as Panama'],
    ['6123-4567', null, null, 'no country is Panama'],
    ['12345', 'PA', 'invalid_phone_number', 'no number of the country'],
    ['', 'PA', 'field_required', 'empty'],
  ])('%j at a merchant in %j -> %s: %s', (value, country, key, _why) => {
    expect(payerPhoneErrorKey(value, country)).toBe(key);
  });
});

describe('SPEC 5 "Phone check limits" at their edges', () => {
  it.each([
    ['6'.padEnd(250, ' '), null, null, '250 characters is within the limit'],
    ['6'.padEnd(251, ' '), null, 'too_long', 'over 250 characters is too long'],
    ['1'.repeat(17), null, null, '17 digits is within the limit'],
    ['1'.repeat(18), null, 'too_long', 'over 17 digits is too long'],
    ['+1 (234) 567-8901-2345-678', null, 'too_long', 'digits are counted without the signs between them'],
    ['+50761', 2, null, 'a national part of 2 digits is long enough'],
    ['+5076', 1, 'too_short', 'national part under 2 digits is too short'],
  ])('%j (national digits %s) -> %s: %s', (text, national, problem, _why) => {
    expect(phoneLimitProblem(text, national)).toBe(problem);
  });
});
