import { afterAll, beforeAll, expect, it } from 'vitest';
import { tokenizedCardPayload, createMerchant, createTestApp, newLink, type TestApp } from '../../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../../test/merchantApiClient';

// A link's code in any case, as its own url spells it (the code in lower case), is the same link on
// every merchant and admin door that takes one, as the checkout takes it (docs/api.md).

let t: TestApp;
let api: MerchantApiClient;
beforeAll(async () => {
  t = await createTestApp();
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(() => t.close());

it('the merchant API takes the lower-case code of the link\'s url: retrieve, the transactions filter, expire; another merchant\'s stays 404', async () => {
  const m = await createMerchant(t, { name: 'Tienda Minúsculas' });
  const other = await createMerchant(t, { name: 'Otra Tienda' });
  const created = await api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido' } });
  const code = String(created.json['code']);
  const lower = code.toLowerCase();
  expect(created.json['url']).toBe(`http://checkout.test/${lower}`);
  expect(lower).not.toBe(code);

  const got = await api.call('GET', `/payment-links/${lower}`, { key: m.key });
  expect([got.status, got.json]).toEqual([200, created.json]);
  expect((await api.call('GET', `/payment-links/${lower}`, { key: other.key })).status).toBe(404);

  const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(code));
  const listed = await api.call('GET', `/transactions?linkCode=${lower}`, { key: m.key });
  expect([listed.status, (listed.json['data'] as Array<{ codOper: string }>).map((x) => x.codOper)]).toEqual([200, [paid.data['codOper']]]);

  expect((await api.call('POST', `/payment-links/${lower}/expire`, { key: other.key })).status).toBe(404);
  const expired = await api.call('POST', `/payment-links/${lower}/expire`, { key: m.key });
  expect([expired.status, expired.json]).toEqual([200, expect.objectContaining({ code, state: 'expired' })]);
});

it('the admin API takes it too: a link\'s transactions, the recent ones, expire', async () => {
  const paidCode = await newLink(t);
  const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(paidCode));
  const ofLink = await t.admin('GET', `/transactions?code=${paidCode.toLowerCase()}`);
  expect([ofLink.status, (ofLink.json['transactions'] as Array<{ codOper: string }>).map((x) => x.codOper)]).toEqual([200, [paid.data['codOper']]]);
  const recent = await t.admin('GET', `/transactions/recent?code=${paidCode.toLowerCase()}`);
  expect((recent.json['transactions'] as Array<{ codOper: string }>).map((x) => x.codOper)).toEqual([paid.data['codOper']]);

  const openCode = await newLink(t);
  expect(await t.admin('POST', `/links/${openCode.toLowerCase()}/expire`)).toEqual({ status: 200, json: { code: openCode, expired: true } });
});
