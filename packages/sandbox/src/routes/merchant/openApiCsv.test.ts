import { expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';
import { MERCHANT_API_PREFIX } from '../../http/merchantApiPrefix';

// What the OpenAPI document says of the balance transactions' CSV is what the CSV is: its header
// as one line, and its amounts in the merchant's currency (a merchant in Colombia gets whole pesos).

const setup = useMerchantApi();

it('names the CSV\'s header as the CSV answers it, and its amounts in pesos for a merchant in pesos', async () => {
  const made = await setup.t.admin('POST', '/merchants', { name: 'Contable Bogotá', country: 'CO' });
  const key = String(made.json['secretKey']);
  await setup.paidCard(key, 50_000);
  const csv = await setup.t.app.request(`${MERCHANT_API_PREFIX}/balance-transactions`, { headers: { authorization: `Bearer ${key}`, accept: 'text/csv' } });
  expect(csv.status).toBe(200);
  const [header = '', line = ''] = (await csv.text()).split('\r\n');
  expect(line).toContain(',50000,');
  const description = String((setup.api.doc.paths['/balance-transactions']?.['get'] as unknown as { description: string }).description);
  expect(description).toContain(`\`${header}\``);
  expect(description).toContain('whole pesos');
});

it('the CSV takes no page: limit and cursor are 400s naming them, as the document says, and every matching line comes', async () => {
  const made = await setup.t.admin('POST', '/merchants', { name: 'Contable Colón' });
  const key = String(made.json['secretKey']);
  for (const amount of [11, 12, 13]) await setup.paidCard(key, amount);
  const csvOf = (query: string) => setup.t.app.request(`${MERCHANT_API_PREFIX}/balance-transactions${query}`, { headers: { authorization: `Bearer ${key}`, accept: 'text/csv', 'accept-language': 'en' } });
  const page = await setup.api.call('GET', '/balance-transactions?limit=1', { key });
  const cursor = String(page.json['nextCursor']);
  for (const [query, name] of [['?limit=1', 'limit'], [`?cursor=${cursor}`, 'cursor'], [`?type=payment&limit=1&cursor=${cursor}`, 'limit']] as const) {
    const refused = await csvOf(query);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'invalid_arguments', message: expect.stringContaining(name) as unknown });
  }
  const all = (await (await csvOf('?type=payment')).text()).trim().split('\r\n');
  expect(all).toHaveLength(4);
  const parameters = (setup.api.doc.paths['/balance-transactions']?.['get'] as unknown as { parameters: Array<{ name: string; description: string }> }).parameters;
  for (const name of ['limit', 'cursor']) expect(parameters.find((p) => p.name === name)?.description).toContain('not with `Accept: text/csv`');
});
