import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardPayload, createTestApp, newLink, type TestApp } from '../../test/testApp';
import { receiveGatewayEvent } from './receiveGatewayEvent';

// A processor's dispute event in the merchant's books (docs/merchant-api.md "Books"): opened, the
// disputed amount and the dispute fee leave the balance; won, the amount comes back; lost, nothing
// more moves; a repeated event changes nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function disputedPayment() {
  const paid = await t.post('/cards/auth-capture', cardPayload(await newLink(t)));
  const [row] = await t.db.query<{ cod_oper: string; merchant_id: number; gateway_reference: string }>('select cod_oper, merchant_id, gateway_reference from transactions where cod_oper = $1', [paid.data['codOper']]);
  if (!row) throw new Error('no payment');
  return row;
}

const event = (paymentReference: string, reference: string, status: 'needs_response' | 'won' | 'lost', n: number) => ({
  id: `dispute-${reference}-${status}-${n}`, kind: 'dispute' as const, paymentReference,
  dispute: { reference, status, amountCents: 2675, currency: 'USD', reason: 'fraudulent', evidenceDueBy: new Date(Date.now() + 7 * 86_400_000) },
});

const linesOf = (reference: string) => t.db.query<{ type: string; amount_cents: number; fee_cents: number; net_cents: number }>(
  'select type, amount_cents, fee_cents, net_cents from balance_transactions where dispute_id = $1 order by seq', [reference]);

it('opened: the amount and the 15.00 fee leave; won: the amount comes back, once whatever repeats', async () => {
  const payment = await disputedPayment();
  const reference = `dp_${payment.cod_oper}`;
  for (let n = 0; n < 2; n++) await receiveGatewayEvent(t, event(payment.gateway_reference, reference, 'needs_response', n));
  expect(await linesOf(reference)).toEqual([{ type: 'dispute', amount_cents: -2675, fee_cents: 1500, net_cents: -4175 }]);
  for (let n = 0; n < 2; n++) await receiveGatewayEvent(t, event(payment.gateway_reference, reference, 'won', n));
  expect(await linesOf(reference)).toEqual([
    { type: 'dispute', amount_cents: -2675, fee_cents: 1500, net_cents: -4175 },
    { type: 'dispute_reversal', amount_cents: 2675, fee_cents: 0, net_cents: 2675 },
  ]);
});

it('lost: the amount and the fee stay out; a late "won" changes nothing', async () => {
  const payment = await disputedPayment();
  const reference = `dp_${payment.cod_oper}`;
  await receiveGatewayEvent(t, event(payment.gateway_reference, reference, 'lost', 0));
  await receiveGatewayEvent(t, event(payment.gateway_reference, reference, 'won', 1));
  expect(await linesOf(reference)).toEqual([{ type: 'dispute', amount_cents: -2675, fee_cents: 1500, net_cents: -4175 }]);
});
