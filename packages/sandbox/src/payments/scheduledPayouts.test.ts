import { afterAll, beforeAll, expect, it } from 'vitest';
import { tokenizedCardPayload, createMerchant, createTestApp, type TestApp } from '../../test/testApp';
import { GatewayOutcomeUnknown } from '@pasarela/gateways';
import { markPayoutPaid } from '../store/payouts';
import { runSandboxPayouts, runScheduledPayouts } from './payouts';

// docs/merchant-api.md "Books": a scheduled payout pays what is available, never money still
// pending (a card payment is available 2 days after it is made); that stays for a later payout.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function paidCard(merchantId: number): Promise<string> {
  const link = await t.admin('POST', '/links', { amount: 30, taxAmount: 0, description: 'Pedido', merchantId });
  const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code']), { amount: 30, taxAmount: 0 }));
  return String(paid.data['codOper']);
}

it('takes the available lines only: a payment not yet available stays out of the payout, unpaid', async () => {
  const { id } = await createMerchant(t, { name: 'Pagos Programados S.A.' });
  const available = await paidCard(id);
  const pending = await paidCard(id);
  await t.db.query("update balance_transactions set available_on = now() - interval '1 minute' where cod_oper = $1", [available]);
  const nets = await t.db.query<{ cod_oper: string; net_cents: number }>("select cod_oper, net_cents from balance_transactions where type = 'payment' and merchant_id = $1", [id]);
  const netOf = (codOper: string) => nets.find((n) => n.cod_oper === codOper)?.net_cents;

  const made = (await runScheduledPayouts(t)).filter((p) => p.merchant_id === id);
  expect(made.map((p) => p.amount_cents)).toEqual([netOf(available)]);
  const lines = await t.db.query<{ cod_oper: string; payout_id: string | null }>("select cod_oper, payout_id from balance_transactions where type = 'payment' and merchant_id = $1", [id]);
  expect(lines.find((l) => l.cod_oper === pending)?.payout_id).toBeNull();
  expect(lines.find((l) => l.cod_oper === available)?.payout_id).toBe(made[0]?.id);
});

// docs/sandbox.md "Books and payouts": POST /sandbox/payouts/run "lists the payouts made, `paid`
// already". On two nodes at once the other node's reconciler may be paying this run's payout (this
// node's own call then lost to it at the rail): the answer waits for that payment, not `pending`.
it('a sandbox run whose payout another node is still paying answers it paid once that node records it', async () => {
  const { id } = await createMerchant(t, { name: 'Pago en Otro Nodo S.A.' });
  await paidCard(id);
  let otherNode: Promise<unknown> | undefined;
  const payout = {
    ...t.gateways.payout,
    pay: async (request: Parameters<typeof t.gateways.payout.pay>[0]) => {
      // The other node's transfer of this payout is in flight: it records it paid a moment later.
      otherNode = new Promise((resolve) => setTimeout(resolve, 300)).then(() => t.db.transaction((tx) => markPayoutPaid(tx, request.idempotencyKey, 'sim_other_node')));
      throw new GatewayOutcomeUnknown('payout.pay: in progress elsewhere');
    },
    lookup: async () => ({ status: 'pending' as const, reference: 'sim_other_node' }),
  };
  const made = (await runSandboxPayouts({ db: t.db, gateways: { ...t.gateways, payout } }, id));
  await otherNode;
  expect(made.map((p) => p.status)).toEqual(['paid']);
});
