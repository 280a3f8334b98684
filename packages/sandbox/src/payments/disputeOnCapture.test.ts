import type { Dispute } from '@pasarela/gateways';
import { GatewayOutcomeUnknown } from '@pasarela/gateways';
import { testCardDisputeReference } from '@pasarela/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, newLink, tokenizedCardPayload, type TestApp } from '../../test/testApp';
import { chargeReferenceOf } from '../../test/cardNetwork';
import { capturePayment } from './capturePayment';
import { receiveNotification } from './receiveNotification';
import { reconcileHolds } from './reconcileHolds';

// docs/merchant-api.md "Disputes": test card 4000 0000 0000 1976 "is disputed a moment after its
// approval (a hold's, once captured)". The processor tells the dispute as it captures, so its
// notification may reach the server before the capture's answer is recorded (the answer on its way,
// or lost and asked again by the reconciler): asked again later, not acknowledged and lost.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('a dispute told while its hold is being captured is sent again (503) until the capture is recorded, then books its money and dispute.created once', async () => {
  const code = await newLink(t, { amount: 40, taxAmount: 0, captureMethod: 'manual' });
  const paid = await t.post('/cards/auth-capture', { ...await tokenizedCardPayload(code, { amount: 40, taxAmount: 0, cardNumber: '4000000000001976' }), transactionsType: 'AUTH' });
  const codOper = String(paid.data['codOper']);
  const [row] = await t.db.query<{ merchant_id: number }>('select merchant_id from transactions where cod_oper = $1', [codOper]);
  const card = t.gateways.card;
  const realCapture = card.capture.bind(card);
  // The processor captures (and opens the card's dispute); its answer is lost on the way back.
  card.capture = async (call) => {
    await realCapture(call);
    throw new GatewayOutcomeUnknown('card.capture: no answer');
  };
  try {
    await expect(capturePayment(t, row!.merchant_id, codOper, undefined, 'http://localhost:4000')).rejects.toMatchObject({ code: 'payment_error_try_again' });
  } finally {
    card.capture = realCapture;
  }
  const reference = await chargeReferenceOf(t, codOper);
  const dispute = await card.dispute?.({ idempotencyKey: 'test', deadline: new Date(Date.now() + 5_000), reference, disputeReference: testCardDisputeReference(reference) });
  expect(dispute).toMatchObject({ status: 'needs_response', amountCents: 4000 });
  const event = { id: `sim:dispute:${dispute!.reference}:needs_response`, kind: 'dispute' as const, paymentReference: reference, dispute: dispute as Dispute };

  expect(await receiveNotification(t, 'card', event, 'http://localhost:4000')).toEqual({ kind: 'charge_not_yet_known' });
  expect(await t.db.query('select 1 from gateway_disputes where cod_oper = $1', [codOper])).toEqual([]);

  await t.db.query("update transactions set updated_at = now() - interval '2 minutes' where cod_oper = $1", [codOper]);
  expect(await reconcileHolds(t)).toContain(codOper);
  // The processor sends it again: now it books what the capture took, with its fee, and tells the merchant.
  expect(await receiveNotification(t, 'card', event, 'http://localhost:4000')).toEqual({ kind: 'not_a_payment_change' });
  expect(await t.db.query('select taken_cents, status from gateway_disputes where cod_oper = $1', [codOper])).toEqual([{ taken_cents: 4000, status: 'needs_response' }]);
  expect(await t.db.query("select amount_cents, fee_cents from balance_transactions where cod_oper = $1 and type = 'dispute'", [codOper])).toEqual([{ amount_cents: -4000, fee_cents: 1500 }]);
  expect(await t.db.query("select event_type from webhook_events where object ->> 'codOper' = $1 and event_type like 'dispute.%'", [codOper])).toEqual([{ event_type: 'dispute.created' }]);
  expect(await receiveNotification(t, 'card', event, 'http://localhost:4000')).toEqual({ kind: 'not_a_payment_change' });
  expect(await t.db.query("select count(*)::int as n from balance_transactions where cod_oper = $1 and type = 'dispute'", [codOper])).toEqual([{ n: 1 }]);
});
