import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newLink, type TestApp } from '../../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A link of a new merchant in `country` (POST /sandbox/merchants's `country`). */
async function linkOfMerchantIn(country?: string): Promise<string> {
  const merchant = await t.admin('POST', '/merchants', { name: `Tienda ${country ?? 'sin país'}`, captchaRequired: false, ...(country ? { country } : {}) });
  expect(merchant.status).toBe(201);
  expect(merchant.json['country']).toBe(country ?? 'PA');
  // A Colombian merchant sells in whole pesos.
  return newLink(t, { merchantId: Number(merchant.json['idMerchant']), ...(country === 'CO' ? { amount: 25_000, taxAmount: 0 } : {}) });
}

describe('a Nequi phone is a mobile of Colombia or Panama, read first as the merchant\'s country\'s (core nequiPhoneNumber)', () => {
  it.each([
    ['PA', '61111111', 200],
    ['PA', '+507 6111-1111', 200],
    // PRODUCT.md's test phones work at every shop, the Panamanian demo shop included.
    ['PA', '3991111111', 200],
    ['PA', '2123-4567', 400],
    ['PA', '+1 212 555 0123', 400],
    ['CO', '3991111111', 200],
    ['CO', '+57 399 111 1111', 200],
    ['CO', '61111111', 200],
    ['CO', '6012345678', 400],
    [undefined, '61111111', 200],
  ])('merchant in %s, phone %j -> %i', async (country, phone, status) => {
    const res = await t.post('/nequi/push', { code: await linkOfMerchantIn(country), phone });
    expect(res.status).toBe(status);
    if (status === 400) expect(res.data['code']).toBe('invalid_phone_number');
  });

  it('the merchant\'s country reaches the checkout with the merchant', async () => {
    const merchant = await t.admin('POST', '/merchants', { name: 'Tienda Bogotá', country: 'CO' });
    expect((await t.get(`/merchants/${String(merchant.json['idMerchant'])}`)).data).toMatchObject({ country: 'CO' });
    expect((await t.get('/merchants/1')).data).toMatchObject({ country: 'PA' });
  });

  it('refuses a country other than Panama or Colombia, naming the field in either language, and makes no merchant', async () => {
    const before = (await t.admin('GET', '/merchants')).json['merchants'] as unknown[];
    for (const country of ['Colombia', 'US', 'xx', 'ZZZ']) {
      const res = await t.admin('POST', '/merchants', { name: 'Tienda', country });
      expect([res.status, res.json['code']]).toEqual([400, 'invalid_arguments']);
      expect(res.json['message']).toMatch(/country debe ser uno de: PA, CO/);
    }
    const inEnglish = await t.admin('POST', '/merchants?lang=en', { name: 'Tienda', country: 'US' });
    expect(inEnglish.json['message']).toMatch(/country must be one of: PA, CO/);
    expect((await t.admin('GET', '/merchants')).json['merchants']).toHaveLength(before.length);
  });
});
