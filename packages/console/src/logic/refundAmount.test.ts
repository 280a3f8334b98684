import { describe, expect, it } from 'vitest';
import { refundAmountOf, remainingToRefund } from './refundAmount';

// PRODUCT.md "Merchant server integration": refunds with `amount?`; "absent = what remains". The
// console's field: empty is what remains; a typed amount is dollars above 0, at most what remains.

const paid = { amount: 25, taxAmount: 1.75, refundedAmount: 0 };

describe('the console\'s refund amount', () => {
  it.each<[string, string, typeof paid, ReturnType<typeof refundAmountOf>]>([
    ['empty: what remains', '', paid, { amount: undefined }],
    ['spaces only: what remains', '   ', paid, { amount: undefined }],
    ['a part', '10', paid, { amount: 10 }],
    ['cents with a dot', '13.38', paid, { amount: 13.38 }],
    ['cents with a comma', '13,38', paid, { amount: 13.38 }],
    ['exactly what was paid', '26.75', paid, { amount: 26.75 }],
    ['a cent over what was paid', '26.76', paid, { error: 'refundAmount.over' }],
    ['exactly what remains after a partial', '13.37', { ...paid, refundedAmount: 13.38 }, { amount: 13.37 }],
    ['a cent over what remains', '13.38', { ...paid, refundedAmount: 13.38 }, { error: 'refundAmount.over' }],
    ['zero', '0', paid, { error: 'refundAmount.zero' }],
    ['zero cents', '0.00', paid, { error: 'refundAmount.zero' }],
    ['three decimals', '1.005', paid, { error: 'refundAmount.invalid' }],
    ['negative', '-5', paid, { error: 'refundAmount.invalid' }],
    ['letters', 'diez', paid, { error: 'refundAmount.invalid' }],
    ['an exponent', '1e3', paid, { error: 'refundAmount.invalid' }],
    ['a currency sign', '$5', paid, { error: 'refundAmount.invalid' }],
  ])('%s (%j)', (_case, text, tx, answer) => {
    expect(refundAmountOf(text, tx)).toEqual(answer);
  });

  it('what remains is what was paid less what was refunded', () => {
    expect([remainingToRefund(paid), remainingToRefund({ ...paid, refundedAmount: 13.38 }), remainingToRefund({ ...paid, refundedAmount: 26.75 })]).toEqual([26.75, 13.37, 0]);
  });
});
