import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createTestApp, type TestApp } from '../../../test/testApp';

// The admin API's webhook list (docs/webhooks.md "Sandbox tooling"): its filters are checked as the
// other admin lists' are, so a filter no merchant can match is refused, not answered with nothing.

let t: TestApp;
const EN = { 'accept-language': 'en' };
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /sandbox/webhooks', () => {
  it.each([['0'], ['-1'], ['1.5'], ['abc'], ['2147483648'], [' 7']])('refuses merchantId=%j with 400 invalid_arguments naming its range', async (raw) => {
    const res = await t.admin('GET', `/webhooks?merchantId=${encodeURIComponent(raw)}`, undefined, EN);
    expect(res.status).toBe(400);
    expect(res.json['code']).toBe('invalid_arguments');
    expect(String(res.json['message'])).toContain('merchantId must be a whole number from 1 to 2147483647');
  });

  it('refuses merchantId 0 from a merchant\'s key too', async () => {
    const m = await createMerchant(t, { name: 'Filtro Cero S.A.' });
    const res = await t.admin('GET', '/webhooks?merchantId=0', undefined, { authorization: `Bearer ${m.key}` });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'invalid_arguments' });
  });

  it('refuses a codOper longer than any payment\'s', async () => {
    const res = await t.admin('GET', `/webhooks?codOper=${'P'.repeat(65)}`, undefined, EN);
    expect(res.status).toBe(400);
    expect(res.json['code']).toBe('invalid_arguments');
    expect(String(res.json['message'])).toContain('codOper must be 1 to 64 characters');
  });

  it('takes a merchantId of 1 and more, and none', async () => {
    const m = await createMerchant(t, { name: 'Filtro S.A.' });
    expect((await t.admin('GET', `/webhooks?merchantId=${m.id}`)).status).toBe(200);
    expect((await t.admin('GET', '/webhooks?merchantId=2147483647')).json).toEqual({ webhooks: [] });
    expect((await t.admin('GET', '/webhooks?merchantId=')).status).toBe(200);
    expect((await t.admin('GET', '/webhooks')).status).toBe(200);
  });
});
