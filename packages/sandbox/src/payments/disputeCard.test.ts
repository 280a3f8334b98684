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

it('card 1976 on a hold: nothing is disputed while it holds; once 25 of its 40 are captured, a dispute of 25 opens', async () => {
  const merchant = await client.admin('POST', '/merchants', { name: 'Reservas S.A.' });
  const merchantId = Number(merchant.data['idMerchant']);
  const link = await client.admin('POST', '/links', { amount: 40, taxAmount: 0, description: 'Reserva', merchantId, captureMethod: 'manual' });
  const paid = await client.api('/cards/auth-capture', { ...await tokenizedCardPayload(String(link.data['code']), { amount: 40, taxAmount: 0, cardNumber: '4000000000001976' }), transactionsType: 'AUTH' });
  expect(paid.data['status']).toBe(1);
  const codOper = String(paid.data['codOper']);
  const disputes = async () => server.db.query<{ status: string; stage: string; amount_cents: number }>('select status, stage, amount_cents from gateway_disputes where cod_oper = $1', [codOper]);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await disputes()).toEqual([]);
  const captured = await fetch(`${server.url}/api/v1/merchant/transactions/${codOper}/capture`, {
    method: 'POST', headers: { authorization: `Bearer ${String(merchant.data['secretKey'])}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ amount: 25 }),
  });
  expect(captured.status).toBe(200);
  await expect.poll(disputes, { timeout: 10_000, interval: 100 }).toEqual([{ status: 'needs_response', stage: 'chargeback', amount_cents: 2500 }]);
});

it('card 6975: approved, then the issuer inquires: an inquiry that asks for evidence and takes nothing from the balance', async () => {
  const merchant = await client.admin('POST', '/merchants', { name: 'Consultas S.A.' });
  const merchantId = Number(merchant.data['idMerchant']);
  const link = await client.admin('POST', '/links', { amount: 40, taxAmount: 0, description: 'Pedido', merchantId });
  const paid = await client.api('/cards/auth-capture', await tokenizedCardPayload(String(link.data['code']), { amount: 40, taxAmount: 0, cardNumber: '4000000000006975' }));
  expect(paid.data['status']).toBe(1);
  const codOper = String(paid.data['codOper']);
  const disputes = async () => server.db.query<{ status: string; stage: string; amount_cents: number; taken_cents: number }>('select status, stage, amount_cents, taken_cents from gateway_disputes where cod_oper = $1', [codOper]);
  await expect.poll(disputes, { timeout: 10_000, interval: 100 }).toEqual([{ status: 'needs_response', stage: 'inquiry', amount_cents: 4000, taken_cents: 0 }]);
  expect(await server.db.query("select 1 from balance_transactions where cod_oper = $1 and type = 'dispute'", [codOper])).toEqual([]);
});
