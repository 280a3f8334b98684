import { describe, expect, it } from 'vitest';
import { settleActionsOf, underpaymentOf } from './settleActions';

const tx = (over: Partial<Parameters<typeof settleActionsOf>[0]>) => ({
  method: 'card', status: 1, authStatus: 'APPROVED', outcome: 'APPROVED' as const, reference: null, subscriptionKey: null, underpaid: false, validationState: null, ...over,
});

describe('settleActionsOf (docs/sandbox.md "Playing the payer\'s other parts")', () => {
  it.each([
    ['a pending Nequi QR', tx({ method: 'nequi', status: -1, authStatus: 'PENDING', outcome: 'PENDING' }), ['nequiApprove', 'nequiFail']],
    ['a settled Nequi payment', tx({ method: 'nequi' }), []],
    ['an unpaid cash voucher', tx({ method: 'cash', status: 0, authStatus: 'PENDING', outcome: 'PENDING', reference: '482913004571' }), ['cashPaid']],
    ['a lapsed cash voucher', tx({ method: 'cash', status: 3, authStatus: 'EXPIRED', outcome: 'DECLINED', reference: '482913004571' }), []],
    ['a crypto payment waiting for the chain', tx({ method: 'crypto', status: 0, authStatus: 'PENDING', outcome: 'PENDING' }), ['cryptoFull', 'cryptoUnder']],
    ['an under-paid crypto payment', tx({ method: 'crypto', status: 0, authStatus: 'UNDERPAID', outcome: 'PENDING', underpaid: true }), ['cryptoFull']],
    ['a Clave payment at the bank', tx({ method: 'clave', status: -1, authStatus: 'PENDING', outcome: 'PENDING' }), ['claveApprove', 'claveFail']],
    ['a card on the 3DS page', tx({ status: -1, authStatus: 'PENDING_3DS', outcome: 'PENDING' }), ['threeDsApprove', 'threeDsFail']],
    ['an approved card payment', tx({}), ['randomCharge']],
    ['an approved card payment with a random charge', tx({ validationState: 0 }), ['revealCharge']],
    ['a paid subscription', tx({ subscriptionKey: 'SUB1' }), ['subscriptionDue', 'randomCharge']],
    ['a declined card payment', tx({ status: 0, authStatus: 'DECLINED', outcome: 'DECLINED' }), []],
    ['a pending Yappy payment (the test phone settles it)', tx({ method: 'yappy', status: 0, authStatus: 'PENDING', outcome: 'PENDING' }), []],
  ])('%s', (_name, given, expected) => {
    expect(settleActionsOf(given)).toEqual(expected);
  });
  it('under-pays by half the quote, and nothing without one', () => {
    expect(underpaymentOf(0.00052)).toBe(0.00026);
    expect(underpaymentOf(25)).toBe(12.5);
    expect(underpaymentOf(null)).toBe(0);
  });
});
