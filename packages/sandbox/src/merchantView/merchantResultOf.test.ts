import { describe, expect, it } from 'vitest';
import { merchantResultOf } from './merchantResultOf';

// SPEC 4 "Status codes per method (display)" and "Overall result", as a merchant's server hears them.
describe('merchantResultOf', () => {
  it.each([
    ['card', 1, 'APPROVED', 'APPROVED'],
    ['card', -1, 'PENDING_3DS', 'PENDING'],
    ['card', 0, 'INSUFFICIENT_FUNDS', 'DECLINED'],
    ['balance', 1, 'APPROVED', 'APPROVED'],
    ['nequi', -1, 'PENDING', 'PENDING'],
    ['nequi', 1, 'APPROVED', 'APPROVED'],
    // Nequi's table lists no 0: a declined or timed-out push is DECLINED, not an error.
    ['nequi', 0, 'DECLINED', 'DECLINED'],
    ['nequi', 0, 'EXPIRED', 'DECLINED'],
    ['yappy', -1, 'PENDING', 'PENDING'],
    // SPEC shows a Yappy 0 as pending; the auth status says it will never be paid.
    ['yappy', 0, 'DECLINED', 'DECLINED'],
    ['yappy', 0, 'EXPIRED', 'DECLINED'],
    ['clave', 0, 'DECLINED', 'DECLINED'],
    ['cash', 0, 'PENDING', 'PENDING'],
    ['cash', 2, 'PAID', 'APPROVED'],
    ['cash', 3, 'EXPIRED', 'DECLINED'],
    ['crypto', 0, 'PENDING', 'PENDING'],
    ['crypto', 1, 'APPROVED', 'APPROVED'],
    ['crypto', 0, 'UNDERPAID', 'PENDING'],
    // The payer cancelled (with any coins received owed back): nothing more will come.
    ['crypto', 0, 'CANCELLED', 'DECLINED'],
  ] as const)('%s status %i (%s) is %s', (method, status, authStatus, expected) => {
    expect(merchantResultOf({ method, status, authStatus })).toBe(expected);
  });
});
