import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { faultyGateways } from '../../test/gateways/faultyGateways';
import type { RunningServer } from '../server';
import { tokenizedCardPayload } from '../../test/testApp';
import { freePort } from '../../test/freePort';
import { nodeClient } from '../../test/nodeClient';
import { startTestServer } from '../../test/testServer';

// The server runs the refund reconciler on its reconciler's timer (server.ts): a refund whose
// card processor's answer was lost is settled with no call of anyone's.

let server: RunningServer;
let faults: ReturnType<typeof faultyGateways>;
beforeAll(async () => {
  server = await startTestServer({
    port: await freePort(), demoPort: await freePort(), wireEncoding: false, subscriptionChargeIntervalMs: 0, expirySweepIntervalMs: 50, webhookIntervalMs: 0,
    wrapGateways: (inner) => (faults = faultyGateways(inner)).gateways,
  });
});
afterAll(() => server.close());

it('settles a refund left pending from what the card processor says, on its own timer', async () => {
  const client = nodeClient(server.url);
  const merchant = await client.admin('POST', '/merchants', { name: 'Temporizador S.A.' });
  const key = { authorization: `Bearer ${String(merchant.data['secretKey'])}`, 'content-type': 'application/json' };
  const merchantApi = async (path: string, body: unknown) =>
    (await (await fetch(`${server.url}/api/v1/merchant${path}`, { method: 'POST', headers: { ...key, 'idempotency-key': randomUUID() }, body: JSON.stringify(body) })).json()) as Record<string, unknown>;
  const link = await merchantApi('/payment-links', { amount: 25, taxAmount: 1.75, description: 'Pedido' });
  const paid = await client.api('/cards/auth-capture', await tokenizedCardPayload(String(link['code'])));
  const codOper = String(paid.data['codOper']);

  faults.plan('card', 'lost_answer');
  const refund = await merchantApi(`/transactions/${codOper}/refunds`, { amount: 10 });
  expect(refund).toMatchObject({ status: 'pending' });
  // Its gateway call is over (IN_DOUBT_AFTER_MS): the next tick asks the processor by the refund's key.
  await server.db.query("update refunds set created_at = now() - interval '1 minute' where id = $1", [refund['id']]);
  await expect.poll(async () => (await server.db.query<{ state: string }>('select state from refunds where id = $1', [refund['id']]))[0]?.state, { timeout: 10_000 }).toBe('succeeded');
  const [row] = await server.db.query<{ refunded_cents: number }>('select refunded_cents from transactions where cod_oper = $1', [codOper]);
  expect(row?.refunded_cents).toBe(1000);
});
