import { describe, expect, it } from 'vitest';
import { WALLET_REQUEST_STATUS, walletRequestActionRefusal, walletRequestAmountRefusal } from './walletRequest';

// SPEC 8 "invalid_amount | Invalid amount", "greater_than_zero | Amount must be above 0 to pay";
// SPEC 9 "Two-digit rounding for amounts". The 1,000,000.00 top is ours (SPEC gives none).
describe('walletRequestAmountRefusal', () => {
  it.each([
    [0.01, null],
    [5, null],
    [999_999.99, null],
    [1_000_000, null],
    [1_000_000.01, 'wallet_request_amount_too_large'],
    [2_000_000, 'wallet_request_amount_too_large'],
    [0, 'greater_than_zero'],
    [-3, 'greater_than_zero'],
    [1.001, 'invalid_amount'],
    [Number.NaN, 'invalid_amount'],
    [Number.POSITIVE_INFINITY, 'invalid_amount'],
  ])('%s: %s', (amount, refusal) => {
    expect(walletRequestAmountRefusal(amount)).toBe(refusal);
  });
});

// SPEC 3 "Wallet/balance: -1 pending, 0 declined, 1/2/3 approved"; SPEC 7 "send/list/pending activities":
// the recipient pays or declines a waiting request, its requester calls it off, once.
describe('walletRequestActionRefusal', () => {
  const { pending, declined, paid } = WALLET_REQUEST_STATUS;
  it.each([
    [pending, 'recipient', 'pay', null],
    [pending, 'recipient', 'cancel', null],
    [pending, 'requester', 'cancel', null],
    [pending, 'requester', 'pay', 'payment_request_to_self'],
    [pending, 'other', 'pay', 'payment_request_not_found'],
    [pending, 'other', 'cancel', 'payment_request_not_found'],
    [paid, 'recipient', 'pay', 'request_already_paid'],
    [paid, 'requester', 'cancel', 'request_already_paid'],
    [declined, 'recipient', 'pay', 'payment_request_cancelled'],
    [declined, 'requester', 'cancel', 'payment_request_cancelled'],
  ] as const)('status %s, %s, %s: %s', (status, actor, action, refusal) => {
    expect(walletRequestActionRefusal(status, actor, action)).toBe(refusal);
  });
});
