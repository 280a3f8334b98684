import { describe, expect, it } from 'vitest';
import { phoneCountryOf } from './phoneCountry';

describe('SPEC 5: a phone without its country code is read as the merchant\'s country\'s, Colombia\'s, else Panama\'s (the default country)', () => {
  it.each([
    ['CO', 'CO', 'a Colombian merchant'],
    [' co ', 'CO', 'read trimmed, in any case'],
    ['PA', 'PA', 'a Panamanian merchant'],
    ['US', 'PA', 'another country is Panama, the default'],
    ['', 'PA', 'no country is Panama'],
    [null, 'PA', 'no country is Panama'],
    [undefined, 'PA', 'no country is Panama'],
  ] as const)('merchant of %j -> %s: %s', (merchant, country, _why) => {
    expect(phoneCountryOf(merchant)).toBe(country);
  });
});
