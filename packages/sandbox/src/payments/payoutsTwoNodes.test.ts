import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCluster, type TestNode } from '../../test/testNodes';
import { tokenizedCardPayload } from '../../test/testApp';
import { reconcilePayouts, runSandboxPayouts, runScheduledPayouts } from './payouts';

// Payouts on two nodes on one PostgreSQL (docs/merchant-api.md "Payouts"): the schedule's run makes
// one payout per merchant and period whatever the nodes do, and a payout the bank sends back
// returns its money once. Needs TEST_DATABASE_URL, as races.test.ts.
const url = process.env['TEST_DATABASE_URL'];

let cluster: Awaited<ReturnType<typeof testCluster>>;
let a: TestNode;
let b: TestNode;
beforeAll(async () => {
  if (!url) return;
  cluster = await testCluster(url);
  [a, b] = await Promise.all([cluster.start(), cluster.start()]);
});
afterAll(async () => {
  if (url) await cluster.close();
});

async function merchantWithPayments(name: string, amounts: number[]): Promise<number> {
  const merchant = await a.client.admin('POST', '/merchants', { name });
  const merchantId = Number(merchant.data['idMerchant'] ?? merchant.data['id']);
  for (const [i, amount] of amounts.entries()) {
    const link = await a.client.admin('POST', '/links', { amount, taxAmount: 0, description: `Pedido ${i}`, merchantId });
    const paid = await (i % 2 === 0 ? a : b).client.api('/cards/auth-capture', await tokenizedCardPayload(String(link.data['code']), { amount, taxAmount: 0 }));
    expect(paid.status).toBe(200);
  }
  // Their dates come now.
  await a.server.db.query('update balance_transactions set available_on = now() where merchant_id = $1', [merchantId]);
  return merchantId;
}

const nodes = () => [a, b].map((n) => ({ db: n.server.db, gateways: n.server.gateways }));

describe.skipIf(!url)('payouts on two nodes on one PostgreSQL', () => {
  it('the schedule\'s run, 20 times at once across both nodes, makes one payout per merchant and period', async () => {
    const merchantId = await merchantWithPayments('Dos Nodos S.A.', [10, 20.5, 33.33]);
    const now = new Date();
    await Promise.all(Array.from({ length: 20 }, (_, i) => runScheduledPayouts(nodes()[i % 2]!, now)));
    const payouts = await a.server.db.query<{ id: string; amount_cents: number; period: string }>('select id, amount_cents, period from payouts where merchant_id = $1', [merchantId]);
    expect(payouts).toHaveLength(1);
    const [lines] = await a.server.db.query<{ unsettled: number; settled: number }>(
      `select count(*) filter (where payout_id is null)::int as unsettled, coalesce(sum(net_cents) filter (where payout_id = $2 and type <> 'payout'), 0)::int as settled
         from balance_transactions where merchant_id = $1`, [merchantId, payouts[0]?.id]);
    expect(lines).toEqual({ unsettled: 0, settled: payouts[0]?.amount_cents });
  });

  it('a payout sent back by the bank, asked about on both nodes at once, returns its money once', async () => {
    const merchantId = await merchantWithPayments('Devuelto Dos Nodos S.A.', [40, 2.5]);
    await a.client.admin('POST', `/merchants/${merchantId}/books`, { payoutAccount: '000000000002' });
    const [payout] = await runSandboxPayouts(nodes()[0]!, merchantId);
    // Asked again by both nodes, as if their timers met.
    await a.server.db.query("update payouts set status = 'pending', checked_at = null where id = $1", [payout?.id]);
    await Promise.all(Array.from({ length: 10 }, (_, i) => reconcilePayouts(nodes()[i % 2]!, 0)));
    const back = await a.server.db.query<{ amount_cents: number }>("select amount_cents from balance_transactions where source_payout_id = $1 and type = 'payout_failure'", [payout?.id]);
    expect(back).toEqual([{ amount_cents: payout?.amount_cents }]);
    const [balance] = await a.server.db.query<{ net: number }>('select sum(net_cents)::int as net from balance_transactions where merchant_id = $1', [merchantId]);
    expect(balance?.net).toBe(payout?.amount_cents);
  });
});
