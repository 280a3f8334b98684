import { describe, expect, it } from 'vitest';
import { settleActionsOf, underpaymentOf } from './settleActions';

const tx = (over: Partial<Parameters<typeof settleActionsOf>[0]>) => ({
  method: 'card', status: 1, authStatus: 'APPROVED', outcome: 'APPROVED' as const, reference: null, subscriptionKey: null, underpaid: false, validationState: null,
  paidAmount: 26.75, refunds: [], capturableAmount: 0, ...over,
});
const refundOf = (amount: number, status: 'pending' | 'succeeded' | 'failed') => ({ id: `re_${amount}_${status}`, amount, status, createdAt: '2026-11-25T12:00:00.000Z' });

describe('settleActionsOf (docs/sandbox.md "Playing the payer\'s other parts")', () => {
  it.each([
    ['a pending Nequi QR', tx({ method: 'nequi', status: -1, authStatus: 'PENDING', outcome: 'PENDING' }), ['nequiApprove', 'nequiFail', 'void']],
    ['a settled Nequi payment', tx({ method: 'nequi' }), ['refund']],
    ['an unpaid cash voucher', tx({ method: 'cash', status: 0, authStatus: 'PENDING', outcome: 'PENDING', reference: '482913004571' }), ['cashPaid', 'void']],
    ['a lapsed cash voucher', tx({ method: 'cash', status: 3, authStatus: 'EXPIRED', outcome: 'DECLINED', reference: '482913004571' }), []],
    ['a crypto payment waiting for the chain', tx({ method: 'crypto', status: 0, authStatus: 'PENDING', outcome: 'PENDING' }), ['cryptoFull', 'cryptoUnder', 'void']],
    ['an under-paid crypto payment', tx({ method: 'crypto', status: 0, authStatus: 'UNDERPAID', outcome: 'PENDING', underpaid: true }), ['cryptoFull', 'void']],
    ['a Clave payment at the bank', tx({ method: 'clave', status: -1, authStatus: 'PENDING', outcome: 'PENDING' }), ['claveApprove', 'claveFail', 'void']],
    ['a card on the 3DS page', tx({ status: -1, authStatus: 'PENDING_3DS', outcome: 'PENDING' }), ['threeDsApprove', 'threeDsFail', 'void']],
    ['an approved card payment', tx({}), ['randomCharge', 'refund']],
    ['a card payment refunded in part', tx({ refunds: [refundOf(10, 'succeeded')] }), ['randomCharge', 'refund']],
    // The server refuses a refund while a dispute is open, and of what a lost one took: none offered.
    ['a card payment under dispute', tx({ disputes: [{ stage: 'chargeback', status: 'needs_response', taken: 26.75, feeCharged: true }] }), ['randomCharge']],
    ['a card payment whose dispute was lost', tx({ disputes: [{ stage: 'chargeback', status: 'lost', taken: 26.75, feeCharged: true }] }), ['randomCharge']],
    ['a card payment whose dispute was won: refundable again', tx({ disputes: [{ stage: 'chargeback', status: 'won', taken: 26.75, feeCharged: true }] }), ['randomCharge', 'refund']],
    ['a card payment refunded in full', tx({ refunds: [refundOf(26.75, 'succeeded')] }), ['randomCharge']],
    ['a card payment whose refund of all of it is pending: nothing left until the gateway answers', tx({ refunds: [refundOf(26.75, 'pending')] }), ['randomCharge']],
    ['a card payment whose refund of all of it failed: all of it again', tx({ refunds: [refundOf(26.75, 'failed')] }), ['randomCharge', 'refund']],
    ['a cash voucher paid at a kiosk (no refund through Pasarela)', tx({ method: 'cash', status: 2, authStatus: 'PAID' }), []],
    ['an approved card payment with a random charge', tx({ validationState: 0 }), ['revealCharge', 'refund']],
    ['a paid subscription', tx({ subscriptionKey: 'SUB1' }), ['subscriptionDue', 'randomCharge', 'refund']],
    ['a declined card payment', tx({ status: 0, authStatus: 'DECLINED', outcome: 'DECLINED' }), []],
    ['a manual-capture card payment held: captured whole or released (nothing to refund yet)', tx({ paidAmount: 0, capturableAmount: 26.75 }), ['randomCharge', 'capture', 'void']],
    ['a manual-capture card payment captured in part: refunded up to that part', tx({ paidAmount: 20, capturableAmount: 0 }), ['randomCharge', 'refund']],
    ['a pending Yappy payment: the phone that never answers (63333333) is answered here', tx({ method: 'yappy', status: 0, authStatus: 'PENDING', outcome: 'PENDING' }), ['yappyApprove', 'yappyFail', 'void']],
  ])('%s', (_name, given, expected) => {
    expect(settleActionsOf(given)).toEqual(expected);
  });
  it('under-pays by half the quote, and nothing without one', () => {
    expect(underpaymentOf(0.00052)).toBe(0.00026);
    expect(underpaymentOf(25)).toBe(12.5);
    expect(underpaymentOf(null)).toBe(0);
  });
});
