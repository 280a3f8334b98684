import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputesOf } from '../store/disputes';
import { findRefund, insertRefund } from '../store/refunds';
import { findTransaction } from '../store/transactions';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../test/testApp';
import { receiveGatewayEvent } from './receiveGatewayEvent';
import { disputeCharge } from '@pasarela/simulator';

// A processor's events that are not an attempt's decision: a refund it answered `pending` to
// completes or fails later; a dispute opens and moves on a charge, named by the charge's reference.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function paidCard(amount: number) {
  const codOper = String((await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(t, { amount }), { amount }))).data['codOper']);
  const row = await findTransaction(t.db, codOper);
  if (!row?.gateway_reference) throw new Error('a card approved keeps the processor\'s reference');
  return row;
}

describe('refund and dispute events', () => {
  it('the approved card keeps the processor\'s reference, which a lookup by it finds', async () => {
    const row = await paidCard(11);
    expect(row.gateway_reference).toMatch(/^simch_/);
    expect(await t.gateways.card.lookup({ idempotencyKey: row.cod_oper, deadline: new Date(Date.now() + 5_000), reference: row.gateway_reference })).toMatchObject({ status: 'approved' });
  });

  it('a pending refund completes, or fails, by its event; a repeat changes nothing', async () => {
    const row = await paidCard(12);
    const made = await insertRefund(t.db, { codOper: row.cod_oper, merchantId: row.merchant_id, amountCents: 500 });
    const failed = await insertRefund(t.db, { codOper: row.cod_oper, merchantId: row.merchant_id, amountCents: 300 });
    // The processor made the first (its answer was `pending`); it never made the second.
    await t.gateways.card.refund({ idempotencyKey: made.id, deadline: new Date(Date.now() + 5_000), reference: String(row.gateway_reference), amountCents: 500, currency: 'USD' });
    const event = (key: string, outcome: 'refunded' | 'failed') => receiveGatewayEvent({ db: t.db, gateways: t.gateways }, { id: `evt-${key}-${outcome}`, kind: 'refund', key, outcome });
    await event(made.id, 'refunded');
    await event(failed.id, 'failed');
    await event(made.id, 'failed');
    expect((await findRefund(t.db, made.id))?.state).toBe('succeeded');
    expect(await findRefund(t.db, failed.id)).toMatchObject({ state: 'failed', failure: 'refused' });
    expect(await t.db.query('select refunded_cents from transactions where cod_oper = $1', [row.cod_oper])).toEqual([{ refunded_cents: 500 }]);
  });

  it('a dispute is recorded on the charged payment and moves on; a closed one stays closed; one on an unknown charge is dropped', async () => {
    const row = await paidCard(13);
    const facts = (status: 'needs_response' | 'under_review' | 'won' | 'lost') =>
      ({ reference: `dp_${row.cod_oper}`, status, amountCents: 1300, currency: 'USD', reason: 'fraudulent', evidenceDueBy: new Date('2030-01-01T00:00:00Z') });
    const dispute = async (status: 'needs_response' | 'under_review' | 'won' | 'lost', id: string, paymentReference = String(row.gateway_reference)) => {
      if (paymentReference === row.gateway_reference) await disputeCharge(t.simulator.books, paymentReference, facts(status));
      await receiveGatewayEvent({ db: t.db, gateways: t.gateways }, { id, kind: 'dispute', paymentReference, dispute: facts(status) });
    };
    await dispute('needs_response', 'd1');
    expect(await disputesOf(t.db, row.cod_oper)).toMatchObject([{ reference: `dp_${row.cod_oper}`, status: 'needs_response', amount_cents: 1300, currency: 'USD', reason: 'fraudulent' }]);
    await dispute('won', 'd2');
    await dispute('under_review', 'd3');
    expect(await disputesOf(t.db, row.cod_oper)).toMatchObject([{ status: 'won' }]);
    await dispute('lost', 'd4', 'simch_nobody');
    expect(await t.db.query("select 1 from gateway_disputes where cod_oper = 'nobody'")).toEqual([]);
  });
});
