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
