import { describe, expect, it } from 'vitest';
import { pushedStates, type PushedState } from './pushedStates';

const state = (method: string, status: number, authStatus: string, codOper = 'PP1'): PushedState => ({ codOper, method, status, authStatus });

// SPEC 4 "Status codes per method (display)": a payment leaves pending once; the socket tells each
// state once and never an older one after a newer.
describe('pushedStates', () => {
  const cases: Array<[string, PushedState[], boolean[]]> = [
    ['tells the first state of a payment', [state('nequi', -1, 'PENDING')], [true]],
    ['tells the same state once ("Nequi: -1 pending")', [state('nequi', -1, 'PENDING'), state('nequi', -1, 'PENDING')], [true, false]],
    ['tells a change', [state('nequi', -1, 'PENDING'), state('nequi', 0, 'EXPIRED')], [true, true]],
    ['a pending state heard after an expiry is old news', [state('nequi', 0, 'EXPIRED'), state('nequi', -1, 'PENDING')], [true, false]],
    ['"Yappy: 1 approved, -1 and 0 pending": -1 then 0 are both told', [state('yappy', -1, 'PENDING'), state('yappy', 0, 'PENDING')], [true, true]],
    ['"Crypto: 1 approved, all others pending": an underpayment then the payment', [state('crypto', -1, 'PENDING'), state('crypto', 0, 'UNDERPAID'), state('crypto', 1, 'PAID')], [true, true, true]],
    ['a late underpayment after the crypto payment is old news', [state('crypto', 1, 'PAID'), state('crypto', 0, 'UNDERPAID')], [true, false]],
    ['"Card: 1 approved, 3 refunded": a refund after the approval is told', [state('card', 1, 'APPROVED'), state('card', 3, 'REFUNDED')], [true, true]],
    ['a card pending after its approval is old news', [state('card', 1, 'APPROVED'), state('card', -1, 'PENDING')], [true, false]],
    ['"Cash: 0 and -1 pending, 2 paid"', [state('cash', 0, 'PENDING'), state('cash', 2, 'PAID'), state('cash', 0, 'PENDING')], [true, true, false]],
    ['keeps payments apart (a wallet socket hears several)', [state('card', 1, 'APPROVED', 'PPA'), state('card', -1, 'PENDING', 'PPB')], [true, true]],
  ];
  it.each(cases)('%s', (_name, states, told) => {
    const fresh = pushedStates();
    expect(states.map((s) => fresh(s))).toEqual(told);
  });
});
