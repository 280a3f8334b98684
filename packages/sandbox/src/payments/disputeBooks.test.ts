import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputeCharge } from '@pasarela/simulator';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../test/testApp';
import { chargeReferenceOf, disputeAtProcessor, disputeFacts } from '../../test/cardNetwork';
import { receiveGatewayEvent } from './receiveGatewayEvent';
import { refundPayment } from './refundPayment';

// A processor's dispute in the merchant's books (docs/merchant-api.md "Books" and "Disputes"), as
// the processor's books say it (its port's `dispute`), never as the event alone says: a chargeback
// takes its amount and the dispute fee; won, the amount comes back; lost, nothing more moves. Issue
// 89: "a dispute is capped at what is left and its ledger line follows every amount change; an
// inquiry takes no money until it becomes a chargeback"; "idempotent by event id".

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function paidCard(): Promise<{ codOper: string; merchantId: number }> {
  const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(t)));
  const [row] = await t.db.query<{ cod_oper: string; merchant_id: number }>('select cod_oper, merchant_id from transactions where cod_oper = $1', [paid.data['codOper']]);
  if (!row) throw new Error('no payment');
  return { codOper: row.cod_oper, merchantId: row.merchant_id };
}

const linesOf = (reference: string) => t.db.query<{ type: string; amount_cents: number; fee_cents: number; net_cents: number }>(
  // A line names the dispute by the id the merchant sees (migration 095), not the processor's reference.
  'select type, amount_cents, fee_cents, net_cents from balance_transactions where dispute_id = (select public_id from gateway_disputes where reference = $1) order by seq', [reference]);
const takenOf = async (reference: string) => (await t.db.query<{ taken_cents: number }>('select taken_cents from gateway_disputes where reference = $1', [reference]))[0]?.taken_cents;

it('opened: the amount and the 15.00 fee leave; won: the amount comes back, once whatever repeats', async () => {
  const { codOper } = await paidCard();
  const reference = `dp_${codOper}`;
  for (let n = 0; n < 2; n++) await disputeAtProcessor(t, codOper, disputeFacts(reference, 'needs_response', 2675));
  expect(await linesOf(reference)).toEqual([{ type: 'dispute', amount_cents: -2675, fee_cents: 1500, net_cents: -4175 }]);
  for (let n = 0; n < 2; n++) await disputeAtProcessor(t, codOper, disputeFacts(reference, 'won', 2675));
  expect(await linesOf(reference)).toEqual([
    { type: 'dispute', amount_cents: -2675, fee_cents: 1500, net_cents: -4175 },
    { type: 'dispute_reversal', amount_cents: 2675, fee_cents: 0, net_cents: 2675 },
  ]);
});

it('lost: the amount and the fee stay out; a late "won" changes nothing', async () => {
  const { codOper } = await paidCard();
  const reference = `dp_${codOper}`;
  await disputeAtProcessor(t, codOper, disputeFacts(reference, 'lost', 2675));
  await disputeAtProcessor(t, codOper, disputeFacts(reference, 'won', 2675));
  expect(await linesOf(reference)).toEqual([{ type: 'dispute', amount_cents: -2675, fee_cents: 1500, net_cents: -4175 }]);
});

it('prevented before it was a chargeback (Visa RDR gave the payer the amount back): the amount leaves, no dispute fee', async () => {
  const { codOper } = await paidCard();
  const reference = `dp_${codOper}`;
  await disputeAtProcessor(t, codOper, { ...disputeFacts(reference, 'lost', 2675), prevented: true });
  expect(await linesOf(reference)).toEqual([{ type: 'dispute', amount_cents: -2675, fee_cents: 0, net_cents: -2675 }]);
});

it('an event the processor\'s books do not hold moves nothing (a forged or replayed one)', async () => {
  const { codOper } = await paidCard();
  const reference = `dp_${codOper}`;
  await receiveGatewayEvent(t, { id: `evt-forged-${codOper}`, kind: 'dispute', paymentReference: await chargeReferenceOf(t, codOper), dispute: disputeFacts(reference, 'needs_response', 2675) });
  expect([await linesOf(reference), await takenOf(reference)]).toEqual([[], undefined]);
});

it('the event\'s own amount counts for nothing: the processor\'s books say what the dispute takes', async () => {
  const { codOper } = await paidCard();
  const reference = `dp_${codOper}`;
  await disputeCharge(t.simulator.books, await chargeReferenceOf(t, codOper), disputeFacts(reference, 'needs_response', 1000));
  await receiveGatewayEvent(t, { id: `evt-claim-${codOper}`, kind: 'dispute', paymentReference: await chargeReferenceOf(t, codOper), dispute: disputeFacts(reference, 'needs_response', 2675) });
  expect(await linesOf(reference)).toEqual([{ type: 'dispute', amount_cents: -1000, fee_cents: 1500, net_cents: -2500 }]);
});

it('each event id applies once: the same id again moves nothing, though the books moved since', async () => {
  const { codOper } = await paidCard();
  const reference = `dp_${codOper}`;
  await disputeAtProcessor(t, codOper, disputeFacts(reference, 'needs_response', 2000), 'evt-once');
  await disputeAtProcessor(t, codOper, disputeFacts(reference, 'needs_response', 2675), 'evt-once');
  expect(await takenOf(reference)).toBe(2000);
  await disputeAtProcessor(t, codOper, disputeFacts(reference, 'needs_response', 2675), 'evt-twice');
  expect(await takenOf(reference)).toBe(2675);
});

it('"late ones applied in order": the opening event arriving after the change re-reads the books and moves nothing back', async () => {
  const { codOper } = await paidCard();
  const reference = `dp_${codOper}`;
  const paymentReference = await chargeReferenceOf(t, codOper);
  await disputeCharge(t.simulator.books, paymentReference, disputeFacts(reference, 'under_review', 2000));
  await receiveGatewayEvent(t, { id: `evt-changed-${codOper}`, kind: 'dispute', paymentReference, dispute: disputeFacts(reference, 'under_review', 2000) });
  await receiveGatewayEvent(t, { id: `evt-opened-${codOper}`, kind: 'dispute', paymentReference, dispute: disputeFacts(reference, 'needs_response', 2675) });
  expect(await linesOf(reference)).toEqual([{ type: 'dispute', amount_cents: -2000, fee_cents: 1500, net_cents: -3500 }]);
  expect(await t.db.query('select status, amount_cents from gateway_disputes where reference = $1', [reference])).toEqual([{ status: 'under_review', amount_cents: 2000 }]);
});

it('"its ledger line follows every amount change": lowered, the difference comes back; raised, it leaves; no second fee', async () => {
  const { codOper } = await paidCard();
  const reference = `dp_${codOper}`;
  await disputeAtProcessor(t, codOper, disputeFacts(reference, 'needs_response', 2675));
  await disputeAtProcessor(t, codOper, disputeFacts(reference, 'under_review', 2000));
  await disputeAtProcessor(t, codOper, disputeFacts(reference, 'under_review', 2500));
  expect(await linesOf(reference)).toEqual([
    { type: 'dispute', amount_cents: -2675, fee_cents: 1500, net_cents: -4175 },
    { type: 'dispute', amount_cents: 675, fee_cents: 0, net_cents: 675 },
    { type: 'dispute', amount_cents: -500, fee_cents: 0, net_cents: -500 },
  ]);
  await disputeAtProcessor(t, codOper, disputeFacts(reference, 'won', 2500));
  expect((await linesOf(reference)).at(-1)).toEqual({ type: 'dispute_reversal', amount_cents: 2500, fee_cents: 0, net_cents: 2500 });
  expect((await linesOf(reference)).reduce((sum, l) => sum + l.amount_cents, 0)).toBe(0);
});

it('"capped at what is left": on a payment refunded in part it takes only what was not refunded', async () => {
  const { codOper, merchantId } = await paidCard();
  const reference = `dp_${codOper}`;
  expect(await refundPayment(t, merchantId, codOper, 1000)).toMatchObject({ state: 'succeeded' });
  await disputeAtProcessor(t, codOper, disputeFacts(reference, 'needs_response', 2675));
  expect([await takenOf(reference), (await linesOf(reference))[0]?.amount_cents]).toEqual([1675, -1675]);
});

it('"a $1,000 dispute on a $10 sale is refused": more than was captured records and moves nothing', async () => {
  const { codOper } = await paidCard();
  const reference = `dp_${codOper}`;
  await disputeAtProcessor(t, codOper, disputeFacts(reference, 'needs_response', 100_000));
  expect([await linesOf(reference), await takenOf(reference)]).toEqual([[], undefined]);
});

describe('"an inquiry takes no money until it becomes a chargeback"', () => {
  it('an inquiry: recorded, no line, no fee; as a chargeback: the amount and the fee leave', async () => {
    const { codOper } = await paidCard();
    const reference = `dp_${codOper}`;
    await disputeAtProcessor(t, codOper, disputeFacts(reference, 'needs_response', 2675, 'inquiry'));
    expect([await linesOf(reference), await takenOf(reference)]).toEqual([[], 0]);
    await disputeAtProcessor(t, codOper, disputeFacts(reference, 'needs_response', 2675, 'chargeback'));
    expect(await linesOf(reference)).toEqual([{ type: 'dispute', amount_cents: -2675, fee_cents: 1500, net_cents: -4175 }]);
  });

  it('an inquiry closed in the merchant\'s favour never moved money', async () => {
    const { codOper } = await paidCard();
    const reference = `dp_${codOper}`;
    await disputeAtProcessor(t, codOper, disputeFacts(reference, 'needs_response', 2675, 'inquiry'));
    await disputeAtProcessor(t, codOper, disputeFacts(reference, 'won', 2675, 'inquiry'));
    expect(await linesOf(reference)).toEqual([]);
  });
});
