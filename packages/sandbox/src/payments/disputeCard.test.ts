import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { freePort } from '../../test/freePort';
import { nodeClient } from '../../test/nodeClient';
import { tokenizedCardPayload } from '../../test/testApp';
import { startTestServer } from '../../test/testServer';

// docs/sandbox.md: test card 4000 0000 0000 1976 is approved, then its cardholder disputes it: the
// simulated processor's signed dispute notification reaches the server over HTTP, and the dispute
// enters the merchant's books (the amount and the dispute fee out).

let server: RunningServer;
let client: ReturnType<typeof nodeClient>;
beforeAll(async () => {
  server = await startTestServer({ port: await freePort(), demoPort: await freePort(), wireEncoding: false });
  client = nodeClient(server.url);
});
afterAll(() => server.close());

it('card 1976: approved, then a dispute opens on it and its amount and the 15.00 fee leave the balance', async () => {
  const merchant = await client.admin('POST', '/merchants', { name: 'Disputas S.A.' });
  const merchantId = Number(merchant.data['idMerchant']);
  const link = await client.admin('POST', '/links', { amount: 40, taxAmount: 0, description: 'Pedido', merchantId });
  const paid = await client.api('/cards/auth-capture', await tokenizedCardPayload(String(link.data['code']), { amount: 40, taxAmount: 0, cardNumber: '4000000000001976' }));
  expect(paid.data['status']).toBe(1);
  const codOper = String(paid.data['codOper']);
  const lines = async () => server.db.query<{ type: string; amount_cents: number; fee_cents: number; net_cents: number }>(
    "select type, amount_cents, fee_cents, net_cents from balance_transactions where cod_oper = $1 and type = 'dispute'", [codOper]);
  await expect.poll(lines, { timeout: 10_000, interval: 100 }).toEqual([{ type: 'dispute', amount_cents: -4000, fee_cents: 1500, net_cents: -5500 }]);
  const [dispute] = await server.db.query<{ status: string; amount_cents: number; evidence_due_by: Date | null }>('select status, amount_cents, evidence_due_by from gateway_disputes where cod_oper = $1', [codOper]);
  expect(dispute).toMatchObject({ status: 'needs_response', amount_cents: 4000 });
});
