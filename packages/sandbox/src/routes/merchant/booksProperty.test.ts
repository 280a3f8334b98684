import fc from 'fast-check';
import { expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';
import { disputeAtProcessor, disputeFacts } from '../../../test/cardNetwork';

// Issue 68's property: for any mix of payments, partial refunds, disputes won and lost and payouts
// (some sent back by the bank), sum(gross) - sum(fees) - sum(refunds) - sum(disputes lost) -
// sum(payouts) = available + pending, to the cent; and every line has amount = fee + net.
// Payments, refunds and payouts go through the real paths (the card processor, the merchant API,
// the sandbox's payout run); a dispute opens and ends at the card processor and its event reaches the server.

const setup = useMerchantApi();

type Op =
  | { kind: 'pay'; cents: number; percentBps: number; fixedCents: number }
  | { kind: 'refund'; of: number; share: number }
  | { kind: 'dispute'; of: number; outcome: 'won' | 'lost' | 'open' }
  | { kind: 'payout'; bankSendsBack: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), cents: fc.integer({ min: 1, max: 250_000 }), percentBps: fc.integer({ min: 0, max: 1_000 }), fixedCents: fc.integer({ min: 0, max: 100 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), of: fc.nat(), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dispute' as const), of: fc.nat(), outcome: fc.constantFrom('won' as const, 'lost' as const, 'open' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('payout' as const), bankSendsBack: fc.boolean() }) },
);

const cents = (dollars: unknown) => Math.round(Number(dollars) * 100);
let runs = 0;
let operations = 0;

it('sum(gross) - sum(fees) - sum(refunds) - sum(disputes lost) - sum(payouts) = available + pending, to the cent', async () => {
  await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
    runs += 1;
    operations += ops.length;
    const { id: merchantId, key } = await setup.newMerchant(`Libro ${runs}`);
    const paid: Array<{ codOper: string; cents: number; refunded: number; disputed: boolean }> = [];
    let gross = 0;
    let refunds = 0;
    let disputesLost = 0;
    for (const o of ops) {
      if (o.kind === 'pay') {
        await setup.t.admin('POST', `/merchants/${merchantId}/books`, { prices: { card: { percentBps: o.percentBps, fixedCents: o.fixedCents } } });
        paid.push({ codOper: await setup.paidCard(key, o.cents / 100), cents: o.cents, refunded: 0, disputed: false });
        gross += o.cents;
      } else if (o.kind === 'refund') {
        const payment = paid.filter((p) => !p.disputed && p.refunded < p.cents)[o.of % Math.max(1, paid.length)];
        if (!payment) continue;
        const part = Math.max(1, Math.floor((payment.cents - payment.refunded) * o.share));
        const res = await setup.api.call('POST', `/transactions/${payment.codOper}/refunds`, { key, body: { amount: part / 100 } });
        expect(res.json['status']).toBe('succeeded');
        payment.refunded += part;
        refunds += part;
      } else if (o.kind === 'dispute') {
        const payment = paid.filter((p) => !p.disputed && p.refunded === 0)[o.of % Math.max(1, paid.length)];
        if (!payment) continue;
        payment.disputed = true;
        const reference = `dp_${payment.codOper}`;
        await disputeAtProcessor(setup.t, payment.codOper, disputeFacts(reference, 'needs_response', payment.cents));
        if (o.outcome !== 'open') await disputeAtProcessor(setup.t, payment.codOper, disputeFacts(reference, o.outcome, payment.cents));
        if (o.outcome !== 'won') disputesLost += payment.cents; // still open: the money is out until it is won
      } else {
        await setup.t.admin('POST', `/merchants/${merchantId}/books`, { payoutAccount: o.bankSendsBack ? '000000000002' : '000123456789' });
        expect((await setup.t.admin('POST', '/payouts/run', {}, { authorization: `Bearer ${key}` })).status).toBe(200);
      }
    }
    const lines = (await setup.t.db.query<{ type: string; amount_cents: number; fee_cents: number; net_cents: number }>(
      'select type, amount_cents, fee_cents, net_cents from balance_transactions where merchant_id = $1', [merchantId]));
    for (const line of lines) expect(line.amount_cents).toBe(line.fee_cents + line.net_cents);
    expect(lines.filter((l) => l.type === 'payment').reduce((s, l) => s + l.amount_cents, 0)).toBe(gross);
    expect(lines.filter((l) => l.type === 'refund').reduce((s, l) => s - l.amount_cents, 0)).toBe(refunds);
    const fees = lines.reduce((s, l) => s + l.fee_cents, 0);
    const payouts = (await setup.api.call('GET', '/payouts?limit=100', { key })).json['data'] as Array<{ amount: number; status: string }>;
    const paidOut = payouts.filter((p) => p.status !== 'failed').reduce((s, p) => s + cents(p.amount), 0);
    const balance = (await setup.api.call('GET', '/balance', { key })).json;
    expect(gross - fees - refunds - disputesLost - paidOut).toBe(cents(balance['available']) + cents(balance['pending']));
  }), { numRuns: Number(process.env['BOOKS_PROPERTY_RUNS'] ?? 25) });
  console.log(`books property: ${runs} runs, ${operations} operations, the identity held to the cent in each`);
}, 600_000);
