import { describe, expect, it } from 'vitest';
import { cancelledByPayer, cancelReasonOf, merchantCancelReasonOf } from './cancelReason';

const cancelled = (details: Record<string, unknown>) => ({ authStatus: 'CANCELLED', details });

describe('why a payment was called off, as recorded (issue 92: a 3DS challenge cancelled on the issuer\'s page is "this browser\'s own cancel")', () => {
  it.each([
    ['left from the checkout', cancelled({ cancelReason: 'payer' }), 'payer'],
    ["cancelled on the issuer's page", cancelled({ cancelReason: 'payer_on_issuer_page' }), 'payer_on_issuer_page'],
    ["cancelled on the issuer's page, recorded before it had a reason of its own", cancelled({ cancelReason: 'payer', leftAt: 'issuer_page' }), 'payer_on_issuer_page'],
    ['left from the checkout, recorded with where it was left', cancelled({ cancelReason: 'payer', leftAt: 'checkout' }), 'payer'],
    ['another payment paid its link', cancelled({ cancelReason: 'paid_elsewhere', paidBy: 'OP2', paidWith: 'card' }), 'paid_elsewhere'],
    ['voided by the merchant', cancelled({ cancelReason: 'merchant' }), 'merchant'],
    ['a hold not captured in time', cancelled({ cancelReason: 'hold_expired' }), 'hold_expired'],
    ['cancelled, with no reason recorded', cancelled({}), null],
    ['an unknown reason', cancelled({ cancelReason: 'gateway' }), null],
    ['a decline is no call-off', { authStatus: 'DECLINED', details: { cancelReason: 'payer' } }, null],
    ['an expiry is no call-off', { authStatus: 'EXPIRED', details: {} }, null],
    ['no auth status', { authStatus: null, details: { cancelReason: 'payer' } }, null],
  ])('%s', (_case, attempt, reason) => {
    expect(cancelReasonOf(attempt)).toBe(reason);
  });
});

describe('the payer\'s own call-offs (a challenge "left for another card or method", or cancelled on the issuer\'s page)', () => {
  it.each([
    ['payer', true],
    ['payer_on_issuer_page', true],
    ['paid_elsewhere', false],
    ['merchant', false],
    ['hold_expired', false],
    [null, false],
  ] as const)('%s', (reason, payers) => {
    expect(cancelledByPayer(reason)).toBe(payers);
  });
});

describe('docs/merchant-api.md `cancelReason`: "payer (the payer left it for another way to pay, such as another card at the 3DS challenge), paid_elsewhere (another payment paid its single-use link), merchant (your void) or hold_expired"', () => {
  it.each([
    ['left from the checkout', 'payer', 'payer'],
    ["cancelled on the issuer's page: the payer's, as the contract says", 'payer_on_issuer_page', 'payer'],
    ['another payment paid its link', 'paid_elsewhere', 'paid_elsewhere'],
    ['voided', 'merchant', 'merchant'],
    ['a lapsed hold', 'hold_expired', 'hold_expired'],
    ['an unknown reason is not told', 'gateway', null],
    ['none', undefined, null],
  ])('%s', (_case, recorded, told) => {
    expect(merchantCancelReasonOf(recorded)).toBe(told);
  });
});
