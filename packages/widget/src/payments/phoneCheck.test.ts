import { describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import { checkPhone, phoneHintKey } from './phoneCheck';

// Issue 93: a Colombian merchant's payer types a Colombian phone, and the hint names Colombia, not Panama.
describe('a payer\'s phone is read in the merchant\'s country', () => {
  it('a national number is the merchant country\'s: Colombia\'s 10-digit mobile there, Panama\'s 8 digits here', async () => {
    expect(await checkPhone('300 123 4567', 'CO')).toBeNull();
    expect(await checkPhone('300 123 4567', 'PA')).toBe('invalid_phone_number');
    expect(await checkPhone('6123 4567', 'PA')).toBeNull();
    expect(await checkPhone('+507 6123 4567', 'CO')).toBeNull();
  }, 30_000);

  it('the hint names the country a number without its code is read in', () => {
    expect(catalogs.es[phoneHintKey('CO')]).toMatch(/Colombia/);
    expect(catalogs.en[phoneHintKey('CO')]).toMatch(/Colombia/);
    expect(catalogs.es[phoneHintKey('PA')]).toMatch(/Panamá/);
  });
});
