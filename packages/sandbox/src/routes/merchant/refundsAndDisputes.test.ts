import type { Dispute } from '@pasarela/gateways';
import { describe, expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';
import { chargeReferenceOf, disputeAtProcessor, disputeFacts, failRefundAtProcessor } from '../../../test/cardNetwork';
import { receiveGatewayEvent } from '../../payments/receiveGatewayEvent';
import { reconcileRefunds } from '../../payments/reconcileRefunds';
import { findRefund } from '../../store/refunds';

// Issue 89: "Refunds and disputes exclude each other: a refund while a dispute is open, or of money
// a dispute took, is `409 charge_disputed`; `refundableAmount` says so". "A refund that fails after
// succeeding gives the money back to the merchant's balance, marks the refund `failed` and sends
// `transaction.refund_failed`", only as the card processor's books say (its refundOutcome).

const setup = useMerchantApi({ webhooks: true });

const refund = (key: string, codOper: string, amount?: number) =>
  setup.api.call('POST', `/transactions/${codOper}/refunds`, { key, ...(amount === undefined ? {} : { body: { amount } }) });
const refundable = async (key: string, codOper: string) => (await setup.api.call('GET', `/transactions/${codOper}`, { key })).json['refundableAmount'];

describe('"a refund while a dispute is open, or of money a dispute took, is 409 charge_disputed"', () => {
  it('card 1976 disputed at the processor: while open nothing is refundable; lost for all, still 409; its refundableAmount 0', async () => {
    const { key } = await setup.newMerchant('Disputada S.A.');
    const codOper = await setup.paidCard(key, 40, { cardNumber: '4000000000001976' });
    const reference = await chargeReferenceOf(setup.t, codOper);
    // What the simulator's signed notification carries: the dispute its books opened on the charge.
    const opened = setup.t.simulator.books.find<unknown, { disputes?: Dispute[] }>(Buffer.from(reference.slice('simch_'.length), 'base64url').toString())?.state.disputes?.[0];
    if (!opened) throw new Error('card 1976 is disputed at the processor');
    expect(opened).toMatchObject({ status: 'needs_response', amountCents: 4000 });
    await receiveGatewayEvent(setup.t, { id: `sim:dispute:${opened.reference}:needs_response`, kind: 'dispute', paymentReference: reference, dispute: opened });
    for (const amount of [undefined, 0.01]) {
      const res = await refund(key, codOper, amount);
      expect([res.status, res.json['code']]).toEqual([409, 'charge_disputed']);
    }
    expect(await refundable(key, codOper)).toBe(0);
    await disputeAtProcessor(setup.t, codOper, { ...opened, status: 'lost' });
    const res = await refund(key, codOper);
    expect([res.status, res.json['code']]).toEqual([409, 'charge_disputed']);
    expect(await refundable(key, codOper)).toBe(0);
    expect(await setup.t.db.query("select count(*)::int as n from refunds where cod_oper = $1", [codOper])).toEqual([{ n: 0 }]);
  });

  it('an inquiry open also stops refunds, though it took no money', async () => {
    const { key } = await setup.newMerchant('Consulta S.A.');
    const codOper = await setup.paidCard(key, 40);
    await disputeAtProcessor(setup.t, codOper, disputeFacts(`dp_${codOper}`, 'needs_response', 4000, 'inquiry'));
    expect((await refund(key, codOper, 1)).json['code']).toBe('charge_disputed');
    expect(await refundable(key, codOper)).toBe(0);
  });

  it('lost for a part: the rest is refundable, more than the rest is the dispute\'s money; won: all of it again', async () => {
    const { key } = await setup.newMerchant('Parcial S.A.');
    const codOper = await setup.paidCard(key, 40);
    await disputeAtProcessor(setup.t, codOper, disputeFacts(`dp_${codOper}`, 'lost', 1500));
    expect(await refundable(key, codOper)).toBe(25);
    const over = await refund(key, codOper, 25.01);
    expect([over.status, over.json['code']]).toEqual([409, 'charge_disputed']);
    expect((await refund(key, codOper, 25)).json).toMatchObject({ status: 'succeeded' });

    const won = await setup.paidCard(key, 40);
    await disputeAtProcessor(setup.t, won, disputeFacts(`dp_${won}`, 'needs_response', 4000));
    await disputeAtProcessor(setup.t, won, disputeFacts(`dp_${won}`, 'won', 4000));
    expect(await refundable(key, won)).toBe(40);
  });
});

// docs/webhooks.md "Payload": an event's data has the verify call's fields as they were when it was written.
describe("an event of a disputed payment says what the verify call said then", () => {
  it('a refund after a dispute lost in part: transaction.refunded counts the dispute\'s money in refundableAmount, as the verify call does', async () => {
    const { key } = await setup.newMerchant('Evento Disputado S.A.');
    const codOper = await setup.paidCard(key, 40);
    await disputeAtProcessor(setup.t, codOper, disputeFacts(`dp_${codOper}`, 'lost', 1500));
    expect((await refund(key, codOper, 10)).json).toMatchObject({ status: 'succeeded' });
    const verified = (await setup.api.call('GET', `/transactions/${codOper}`, { key })).json;
    expect(verified['refundableAmount']).toBe(15);
    const events = (await setup.api.call('GET', `/events?type=transaction.refunded`, { key })).json['data'] as Array<{ data: Record<string, unknown> }>;
    const event = events.find((e) => e.data['codOper'] === codOper);
    expect(event?.data).toMatchObject({ refundableAmount: 15, refundedAmount: 10 });
  });
});

describe('"a dispute takes at most what was captured and not refunded": a payment refunded in full, then disputed', () => {
  it('the dispute exists (the bank may not have seen the refund) but takes nothing; its fee is charged once, amount = fee + net; won, nothing comes back but nothing was taken', async () => {
    const { key } = await setup.newMerchant('Reembolsada S.A.');
    const codOper = await setup.paidCard(key, 40);
    expect((await refund(key, codOper)).json).toMatchObject({ status: 'succeeded', amount: 40 });
    const balanceBefore = (await setup.api.call('GET', '/balance', { key })).json;
    await disputeAtProcessor(setup.t, codOper, disputeFacts(`dp_${codOper}`, 'needs_response', 4000));
    const [dispute] = (await setup.api.call('GET', '/disputes', { key })).json['data'] as Array<Record<string, unknown>>;
    expect(dispute).toMatchObject({ codOper, amount: 40, takenAmount: 0, stage: 'chargeback', status: 'needs_response' });
    const disputeLines = async () => ((await setup.api.call('GET', '/balance-transactions', { key })).json['data'] as Array<{ type: string; amount: number; fee: number; net: number }>)
      .filter((l) => l.type.startsWith('dispute'));
    expect(await disputeLines()).toEqual([expect.objectContaining({ type: 'dispute', amount: 0, fee: 15, net: -15 })]);
    const balance = (await setup.api.call('GET', '/balance', { key })).json;
    expect(Math.round((Number(balance['available']) + Number(balance['pending'])) * 100)).toBe(Math.round((Number(balanceBefore['available']) + Number(balanceBefore['pending'])) * 100) - 1500);
    const events = (await setup.api.call('GET', '/events?type=dispute.created', { key })).json['data'] as Array<{ data: Record<string, unknown> }>;
    expect(events.map((e) => [e.data['codOper'], e.data['amount'], e.data['takenAmount']])).toEqual([[codOper, 40, 0]]);
    expect(await refundable(key, codOper)).toBe(0);
    await disputeAtProcessor(setup.t, codOper, disputeFacts(`dp_${codOper}`, 'won', 4000));
    expect(await disputeLines()).toEqual([expect.objectContaining({ type: 'dispute', amount: 0, fee: 15, net: -15 })]);
  });
});

describe('"a refund that fails after succeeding gives the money back to the merchant\'s balance"', () => {
  const refundEvent = (id: string, refundId: string, outcome: 'refunded' | 'failed') =>
    receiveGatewayEvent(setup.t, { id, kind: 'refund', key: refundId, outcome });
  const refundLines = (codOper: string) => setup.t.db.query<{ type: string; amount_cents: number; fee_cents: number; net_cents: number }>(
    "select type, amount_cents, fee_cents, net_cents from balance_transactions where cod_oper = $1 and type like 'refund%' order by seq", [codOper]);
  const refundEvents = (codOper: string) => setup.t.db.query<{ type: string; reason: string | null }>(
    "select event_type as type, refund_made ->> 'failureReason' as reason from webhook_events where cod_oper = $1 and refund_made is not null order by event_type desc", [codOper]);

  it('confirmed by the processor: the refund failed, refunded back down, its line reversed, transaction.refund_failed; once per event id', async () => {
    const { key } = await setup.newMerchant('Tarjeta Cerrada S.A.');
    const codOper = await setup.paidCard(key, 40);
    const made = await refund(key, codOper, 10);
    const refundId = String(made.json['id']);
    expect(made.json['status']).toBe('succeeded');
    await failRefundAtProcessor(setup.t, codOper, refundId);
    for (let n = 0; n < 2; n++) await refundEvent('evt-refund-failed', refundId, 'failed');
    expect(await findRefund(setup.t.db, refundId)).toMatchObject({ state: 'failed', failure: 'failed_after_success' });
    const [line, back] = await refundLines(codOper);
    expect(back).toEqual({ type: 'refund_failure', amount_cents: -Number(line?.amount_cents), fee_cents: -Number(line?.fee_cents), net_cents: -Number(line?.net_cents) });
    expect(await refundLines(codOper)).toHaveLength(2);
    expect(await refundEvents(codOper)).toEqual([{ type: 'transaction.refunded', reason: null }, { type: 'transaction.refund_failed', reason: 'failed_after_success' }]);
    const verified = (await setup.api.call('GET', `/transactions/${codOper}`, { key })).json;
    expect([verified['refundedAmount'], verified['refundableAmount']]).toEqual([0, 40]);
  });

  it('not confirmed by the processor (it still says made): the refund stays succeeded, nothing moves; a "refunded" it never made moves nothing either', async () => {
    const { key } = await setup.newMerchant('Evento Falso S.A.');
    const codOper = await setup.paidCard(key, 40);
    const refundId = String((await refund(key, codOper, 10)).json['id']);
    await refundEvent(`evt-forged-${refundId}`, refundId, 'failed');
    expect((await findRefund(setup.t.db, refundId))?.state).toBe('succeeded');
    expect((await refundLines(codOper)).map((l) => l.type)).toEqual(['refund']);
    expect(await refundEvents(codOper)).toEqual([{ type: 'transaction.refunded', reason: null }]);

    const pending = await setup.t.db.query<{ id: string }>("insert into refunds (cod_oper, merchant_id, amount_cents) select cod_oper, merchant_id, 500 from transactions where cod_oper = $1 returning id", [codOper]);
    const pendingId = String(pending[0]?.id);
    await refundEvent(`evt-never-${pendingId}`, pendingId, 'refunded');
    expect((await findRefund(setup.t.db, pendingId))?.state).toBe('pending');
    expect(await setup.t.db.query('select refunded_cents from transactions where cod_oper = $1', [codOper])).toEqual([{ refunded_cents: 1000 }]);
  });

  it('refunded again after it failed: the new refund gives back the fee the failed one took back, so a payment wholly refunded costs its merchant no fee', async () => {
    const { key } = await setup.newMerchant('Reembolso Otra Vez S.A.');
    const codOper = await setup.paidCard(key, 40);
    const first = String((await refund(key, codOper, 40)).json['id']);
    await failRefundAtProcessor(setup.t, codOper, first);
    await refundEvent(`evt-failed-${first}`, first, 'failed');
    // Then 10 and the 30 left: each measured from what the refunds still give back.
    for (const amount of [10, 30]) expect((await refund(key, codOper, amount)).json['status']).toBe('succeeded');
    const lines = await setup.t.db.query<{ type: string; fee_cents: number; net_cents: number }>(
      'select type, fee_cents, net_cents from balance_transactions where cod_oper = $1 order by seq', [codOper]);
    const [payment] = lines;
    expect(lines.map((l) => l.type)).toEqual(['payment', 'refund', 'refund_failure', 'refund', 'refund']);
    expect(lines.slice(3).map((l) => -l.fee_cents)).toEqual([Math.round(Number(payment?.fee_cents) / 4), Number(payment?.fee_cents) - Math.round(Number(payment?.fee_cents) / 4)]);
    expect(lines.reduce((sum, l) => sum + l.fee_cents, 0), 'the fee all given back').toBe(0);
    expect(lines.reduce((sum, l) => sum + l.net_cents, 0), 'the payment nets nothing').toBe(0);
    const verified = (await setup.api.call('GET', `/transactions/${codOper}`, { key })).json;
    expect([verified['refundedAmount'], verified['refundableAmount'], verified['fee'], verified['net']]).toEqual([40, 0, 0, 0]);
  });
});

// docs/merchant-api.md "Disputes": takenAmount "is what it took: at most what was paid and not
// refunded"; docs/webhooks.md dispute.updated: "takenAmount and the books follow". A refund that held
// its part when the dispute was booked, and then failed, refunded nothing: the open dispute takes it.
describe('a dispute booked beside a refund that then failed takes what that refund held it off', () => {
  const disputed = async (key: string) => ((await setup.api.call('GET', '/disputes', { key })).json['data'] as Array<Record<string, unknown>>)[0];
  const disputeLines = (codOper: string) => setup.t.db.query<{ amount_cents: number; fee_cents: number }>(
    "select amount_cents, fee_cents from balance_transactions where cod_oper = $1 and type = 'dispute' order by seq", [codOper]);
  const updates = async (key: string, codOper: string) => ((await setup.api.call('GET', '/events?type=dispute.updated', { key })).json['data'] as Array<{ data: Record<string, unknown> }>)
    .filter((e) => e.data['codOper'] === codOper).map((e) => e.data['takenAmount']);
  /** A refund whose processor's answer was lost (pending, past the reconciler's deadline) and that the processor never made. */
  const pendingRefund = async (codOper: string, amountCents: number) => String((await setup.t.db.query<{ id: string }>(
    "insert into refunds (cod_oper, merchant_id, amount_cents, created_at) select cod_oper, merchant_id, $2, now() - interval '1 minute' from transactions where cod_oper = $1 returning id",
    [codOper, amountCents]))[0]?.id);

  it.each([
    ['in full', 5000, 0],
    ['in part (30 of 50)', 3000, 20],
  ])('a refund %s left pending, the dispute booked, then the reconciler settles the refund failed (not_made): the dispute takes all 50, one more line, dispute.updated', async (_case, refundCents, takenBefore) => {
    const { key } = await setup.newMerchant('Reembolso Perdido S.A.');
    const codOper = await setup.paidCard(key, 50);
    const refundId = await pendingRefund(codOper, refundCents);
    await disputeAtProcessor(setup.t, codOper, disputeFacts(`dp_${codOper}`, 'needs_response', 5000));
    expect(await disputed(key)).toMatchObject({ codOper, amount: 50, takenAmount: takenBefore });
    expect(await reconcileRefunds(setup.t)).toContain(refundId);
    expect(await findRefund(setup.t.db, refundId)).toMatchObject({ state: 'failed', failure: 'not_made' });
    expect(await disputed(key)).toMatchObject({ codOper, amount: 50, takenAmount: 50, status: 'needs_response' });
    expect(await disputeLines(codOper)).toEqual([{ amount_cents: 0 - takenBefore * 100, fee_cents: 1500 }, { amount_cents: -(5000 - takenBefore * 100), fee_cents: 0 }]);
    expect(await updates(key, codOper)).toEqual([50]);
    // Settled once: a second run finds nothing pending and moves nothing.
    expect(await reconcileRefunds(setup.t)).not.toContain(refundId);
    expect(await disputeLines(codOper)).toHaveLength(2);
    // Closed lost, nothing more leaves: what it took is already out.
    await disputeAtProcessor(setup.t, codOper, disputeFacts(`dp_${codOper}`, 'lost', 5000));
    expect(await disputeLines(codOper)).toHaveLength(2);
  });

  it.each([
    ['lost', 50, [{ amount_cents: -2000, fee_cents: 1500 }, { amount_cents: -3000, fee_cents: 0 }], [50]],
    ['won', 20, [{ amount_cents: -2000, fee_cents: 1500 }], []],
  ] as const)('a refund (30 of 50) left pending, the dispute booked and %s, then the refund settled failed: the dispute takes %s', async (outcome, taken, lines, updated) => {
    const { key } = await setup.newMerchant(`Disputa Cerrada ${outcome} S.A.`);
    const codOper = await setup.paidCard(key, 50);
    const refundId = await pendingRefund(codOper, 3000);
    await disputeAtProcessor(setup.t, codOper, disputeFacts(`dp_${codOper}`, 'needs_response', 5000));
    await disputeAtProcessor(setup.t, codOper, disputeFacts(`dp_${codOper}`, outcome, 5000));
    expect(await disputed(key)).toMatchObject({ takenAmount: 20, status: outcome });
    expect(await reconcileRefunds(setup.t)).toContain(refundId);
    expect(await findRefund(setup.t.db, refundId)).toMatchObject({ state: 'failed', failure: 'not_made' });
    expect(await disputed(key)).toMatchObject({ takenAmount: taken, status: outcome });
    const won = outcome === 'won' ? [{ amount_cents: 2000, fee_cents: 0 }] : [];
    expect(await disputeLines(codOper)).toEqual(lines);
    expect(await setup.t.db.query("select amount_cents, fee_cents from balance_transactions where cod_oper = $1 and type = 'dispute_reversal'", [codOper])).toEqual(won);
    expect(await updates(key, codOper)).toEqual(updated);
  });

  it('a refund made (30 of 50) before the dispute, that the processor reports failed later: the dispute takes all 50', async () => {
    const { key } = await setup.newMerchant('Reembolso Caído S.A.');
    const codOper = await setup.paidCard(key, 50);
    const refundId = String((await refund(key, codOper, 30)).json['id']);
    await disputeAtProcessor(setup.t, codOper, disputeFacts(`dp_${codOper}`, 'needs_response', 5000));
    expect(await disputed(key)).toMatchObject({ takenAmount: 20 });
    await failRefundAtProcessor(setup.t, codOper, refundId);
    await receiveGatewayEvent(setup.t, { id: `evt-failed-${refundId}`, kind: 'refund', key: refundId, outcome: 'failed' });
    expect(await findRefund(setup.t.db, refundId)).toMatchObject({ state: 'failed', failure: 'failed_after_success' });
    expect(await disputed(key)).toMatchObject({ takenAmount: 50 });
    expect(await disputeLines(codOper)).toEqual([{ amount_cents: -2000, fee_cents: 1500 }, { amount_cents: -3000, fee_cents: 0 }]);
    expect(await updates(key, codOper)).toEqual([50]);
  });
});
