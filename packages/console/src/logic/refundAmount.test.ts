import { describe, expect, it } from 'vitest';
import { pendingRefundAmount, refundAmountOf, remainingToRefund, type Refundable } from './refundAmount';

// PRODUCT.md "Merchant server integration": refunds with `amount?`; "absent = what remains". The
// console's field: empty is what remains; a typed amount is dollars above 0, at most what remains,
// counted as the server counts it (core's refundCheck): a pending refund holds its part.

const paid: Refundable = { method: 'card', status: 1, authStatus: 'APPROVED', paidAmount: 26.75, refunds: [] };
const refunded = (amount: number, status: 'pending' | 'succeeded' | 'failed') => ({ id: `re_${amount}_${status}`, amount, status, createdAt: '2026-11-25T12:00:00.000Z' });
const after = (...refunds: ReturnType<typeof refunded>[]): Refundable => ({ ...paid, refunds });

describe('the console\'s refund amount', () => {
  it.each<[string, string, typeof paid, ReturnType<typeof refundAmountOf>]>([
    ['empty: what remains', '', paid, { amount: undefined }],
    ['spaces only: what remains', '   ', paid, { amount: undefined }],
    ['a part', '10', paid, { amount: 10 }],
    ['cents with a dot', '13.38', paid, { amount: 13.38 }],
    ['cents with a comma', '13,38', paid, { amount: 13.38 }],
    ['exactly what was paid', '26.75', paid, { amount: 26.75 }],
    ['a cent over what was paid', '26.76', paid, { error: 'refundAmount.over' }],
    ['exactly what remains after a partial', '13.37', after(refunded(13.38, 'succeeded')), { amount: 13.37 }],
    ['a cent over what remains', '13.38', after(refunded(13.38, 'succeeded')), { error: 'refundAmount.over' }],
    ['a cent over what a pending refund leaves', '16.76', after(refunded(10, 'pending')), { error: 'refundAmount.over' }],
    ['exactly what a pending refund leaves', '16.75', after(refunded(10, 'pending')), { amount: 16.75 }],
    ['all of it again after a failed refund', '26.75', after(refunded(10, 'failed')), { amount: 26.75 }],
    ['anything once all is pending', '0.01', after(refunded(26.75, 'pending')), { error: 'refundAmount.over' }],
    ['zero', '0', paid, { error: 'refundAmount.zero' }],
    ['zero cents', '0.00', paid, { error: 'refundAmount.zero' }],
    ['three decimals', '1.005', paid, { error: 'refundAmount.invalid' }],
    // A minus sign is no slip of writing: the amount is below what a refund takes, said as for 0.
    ['negative', '-5', paid, { error: 'refundAmount.zero' }],
    ['negative with cents', '-5.50', paid, { error: 'refundAmount.zero' }],
    ['letters', 'diez', paid, { error: 'refundAmount.invalid' }],
    ['an exponent', '1e3', paid, { error: 'refundAmount.invalid' }],
    ['a currency sign', '$5', paid, { error: 'refundAmount.invalid' }],
  ])('%s (%j)', (_case, text, tx, answer) => {
    expect(refundAmountOf(text, tx)).toEqual(answer);
  });

  it('what remains is what was paid less what refunds hold: made and pending, not failed (the server\'s count)', () => {
    expect([
      remainingToRefund(paid),
      remainingToRefund(after(refunded(13.38, 'succeeded'))),
      remainingToRefund(after(refunded(26.75, 'succeeded'))),
      remainingToRefund(after(refunded(5, 'succeeded'), refunded(10, 'pending'), refunded(3, 'failed'))),
    ]).toEqual([26.75, 13.37, 0, 11.75]);
    expect(pendingRefundAmount(after(refunded(5, 'succeeded'), refunded(10, 'pending'), refunded(2.5, 'pending')))).toBe(12.5);
  });

  it('nothing remains to refund while a dispute is open, and a lost dispute keeps what it took', () => {
    const dispute = (status: 'needs_response' | 'under_review' | 'won' | 'lost', taken: number) => ({ stage: 'chargeback' as const, status, taken, feeCharged: true });
    expect([
      remainingToRefund({ ...paid, disputes: [dispute('needs_response', 26.75)] }),
      remainingToRefund({ ...paid, disputes: [dispute('lost', 20)] }),
      remainingToRefund({ ...paid, disputes: [dispute('won', 26.75)] }),
    ]).toEqual([0, 6.75, 26.75]);
  });

  it('what was paid includes what went to a campaign: the whole of it may go back', () => {
    expect(refundAmountOf('27.75', { ...paid, paidAmount: 27.75 })).toEqual({ amount: 27.75 });
  });
});

// Issue 93 "COP in whole pesos": a refund of a payment in pesos is whole pesos, as the server checks.
describe('a refund in pesos', () => {
  const pesos: Refundable = { method: 'nequi', status: 1, authStatus: 'APPROVED', paidAmount: 50_000, refunds: [], currency: 'COP' };
  it.each<[string, unknown]>([
    ['20000', { amount: 20_000 }],
    // Grouped as Colombia writes them, or as English does: twenty thousand, never twenty (core readTypedPesos).
    ['20.000', { amount: 20_000 }],
    ['20,000', { amount: 20_000 }],
    [' 1.500 ', { amount: 1_500 }],
    ['20000.50', { error: 'pesos.whole' }],
    ['20.000,50', { error: 'pesos.whole' }],
    ['12,5', { error: 'pesos.whole' }],
    ['60.000', { error: 'refundAmount.over' }],
    ['0', { error: 'refundAmount.zero' }],
    ['-20.000', { error: 'refundAmount.zero' }],
    ['veinte mil', { error: 'pesos.invalid' }],
    ['$ 20.000', { error: 'pesos.invalid' }],
    ['2.00.000', { error: 'pesos.invalid' }],
  ])('%s -> %o', (text, answer) => {
    expect(refundAmountOf(text, pesos)).toEqual(answer);
  });
  it('a dollar payment keeps its cents', () => {
    expect(refundAmountOf('20000.50', { ...pesos, currency: 'USD' })).toEqual({ amount: 20_000.5 });
  });
});
