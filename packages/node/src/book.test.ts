import { expect, it } from 'vitest';
import { json, serverAnswering } from '../test/answeringServer';
import { Pasarela } from './client';

// The books' filters go on the query as given, and a line carries its payment's order reference:
// a shop matches a payout to its own orders from one list of that payout's lines.

const line = {
  id: 'txn_1', type: 'payment', amount: 12, fee: 0.65, net: 11.35, currency: 'USD', availableOn: '2026-11-27T12:00:00.000Z', payoutId: 'po_1',
  codOper: 'PP1', refundId: null, disputeId: null, sourcePayoutId: null, orderReference: 'order-1', metadata: { cart: '1' }, createdAt: '2026-11-25T12:00:00.000Z',
};

it('balance transactions by payout or payment carry the order reference; payouts and disputes take their filters', async () => {
  const { seen, url } = await serverAnswering(json(200, { data: [line], hasMore: false, nextCursor: null }));
  const pasarela = new Pasarela({ secretKey: 'sk_test_x', baseUrl: url });
  const page = await pasarela.balanceTransactions.list({ payout: 'po_1', limit: 100 });
  expect(page.data.map((l) => [l.orderReference, l.metadata, l.net])).toEqual([['order-1', { cart: '1' }, 11.35]]);
  await pasarela.balanceTransactions.list({ codOper: 'PP1' });
  await pasarela.payouts.list({ status: 'paid', arrivalFrom: '2026-11-01', arrivalTo: '2026-11-30', createdFrom: '2026-11-01T00:00:00Z' });
  await pasarela.disputes.list({ status: 'needs_response', codOper: 'PP1' });
  const queries = seen.map(({ url: u }) => Object.fromEntries(new URL(u, url).searchParams));
  expect(queries).toEqual([
    { payout: 'po_1', limit: '100' },
    { codOper: 'PP1' },
    { status: 'paid', arrivalFrom: '2026-11-01', arrivalTo: '2026-11-30', createdFrom: '2026-11-01T00:00:00Z' },
    { status: 'needs_response', codOper: 'PP1' },
  ]);
});

it('a payout comes with its lines and whether it settles more than those (balanceTransactionsHasMore)', async () => {
  const payout = {
    id: `po_${'a'.repeat(32)}`, amount: 11.35, currency: 'USD', status: 'paid', arrivalDate: '2026-11-28', failureReason: null,
    createdAt: '2026-11-27T12:00:00.000Z', updatedAt: '2026-11-28T12:00:00.000Z', balanceTransactions: [line], balanceTransactionsHasMore: true,
  };
  const { url } = await serverAnswering(json(200, payout));
  const got = await new Pasarela({ secretKey: 'sk_test_x', baseUrl: url }).payouts.retrieve(payout.id);
  // Typed, so a shop can tell the list is cut short without reading an untyped field.
  const more: boolean | undefined = got.balanceTransactionsHasMore;
  expect([got.balanceTransactions.length, more]).toEqual([1, true]);
});
