import { describe, expect, it } from 'vitest';
import { nequiPhoneRule } from './nequiPhone';
import { nequiPhoneNumber, yappyPhoneNumber } from './phone';

// SPEC 5 "Defaults when missing: postal code 0000; city, address and country Panama" and
// invalid_phone_number "Phone checked by a phone-number check": a Nequi phone is a mobile of the
// merchant's country first (Colombia's Nequi for a Colombian merchant, Nequi Panamá for every other),
// and of the other Nequi country too.
describe('nequiPhoneRule: the merchant\'s country decides the phone\'s', () => {
  it.each([
    ['PA', 'PA', 8],
    ['CO', 'CO', 10],
    [' co ', 'CO', 10],
    ['', 'PA', 8],
    [null, 'PA', 8],
    ['MX', 'PA', 8],
  ])('merchant in %j -> %s phones of %i digits', (merchant, country, digits) => {
    expect(nequiPhoneRule(merchant)).toMatchObject({ country, digits });
  });
});

describe('nequiPhoneNumber: SPEC 5 invalid_phone_number for a Nequi account, of Colombia or Panama', () => {
  it.each([
    ['61111111', 'PA', '61111111', 'a Panamanian mobile'],
    ['6111-1111', 'PA', '61111111', 'with a dash'],
    ['+507 6222 2222', 'PA', '62222222', 'with Panama\'s code'],
    ['3991111111', 'PA', '3991111111', 'a Colombian Nequi account at a Panamanian merchant (PRODUCT.md test phone)'],
    ['+57 399 111 1111', 'PA', '3991111111', 'a Colombian number in international form'],
    ['2123456', 'PA', null, 'a Panamanian landline'],
    ['3991111111', 'CO', '3991111111', 'a Colombian mobile (PRODUCT.md test phone)'],
    ['+57 300 123 4567', 'CO', '3001234567', 'with Colombia\'s code'],
    ['61111111', 'CO', '61111111', 'a Panamanian Nequi account at a Colombian merchant'],
    ['+1 212 555 0123', 'PA', null, 'a number of a country Nequi does not run in'],
    ['+52 55 1234 5678', 'CO', null, 'a Mexican mobile'],
    ['6012345678', 'CO', null, 'a Colombian landline'],
    ['', 'PA', null, 'empty'],
    ['6111abcd', 'PA', null, 'letters'],
  ])('%j on a merchant in %s -> %j: %s', (raw, merchant, national, _why) => {
    expect(nequiPhoneNumber(raw, merchant)).toBe(national);
  });
});

// SPEC 9 Yappy is Panama's: docs/methods/yappy.md "A landline or a short number is refused in place".
describe('yappyPhoneNumber: SPEC 5 invalid_phone_number for a Yappy account, a mobile of Panama', () => {
  it.each([
    ['61111111', '61111111', 'a Panamanian mobile'],
    ['6111 1111', '61111111', 'with a space'],
    ['+507 6111-1111', '61111111', 'with Panama\'s code'],
    ['00507 61111111', '61111111', 'with Panama\'s code after the international prefix'],
    ['+1 415 555 2671', null, 'a number of another country, whose last eight digits are no Panamanian mobile'],
    ['8111111111', null, 'ten digits'],
    ['+57 300 123 4567', null, 'a Colombian mobile'],
    ['21234567', null, 'eight digits that are no mobile'],
    ['2123456', null, 'a Panamanian landline'],
    ['6111111', null, 'seven digits'],
    ['', null, 'empty'],
    ['6111abcd', null, 'letters'],
  ])('%j -> %j: %s', (raw, national, _why) => {
    expect(yappyPhoneNumber(raw)).toBe(national);
  });
});
