import { describe, expect, it } from 'vitest';
import { emailPaymentRefusalPath, emailPaymentState } from './emailPayment';

const now = Date.UTC(2026, 10, 22, 15, 0, 0); // 10:00 in Panama

describe('SPEC 2 /pf/emailPayment: the state of a request sent by e-mail', () => {
  it.each([
    [null, 'unknown', 'no such request: PAYMENT_NOT_FOUND'],
    [{ paid: true, expiresAt: null }, 'paid', 'paid once: request_already_paid'],
    [{ paid: false, expiresAt: '2026-11-22 09:59:59' }, 'expired', 'SPEC 4 "Link expiry" in Panama time: 3000'],
    [{ paid: false, expiresAt: '2026-11-22 10:30:00' }, 'payable', 'before EXPIRES_AT'],
    [{ paid: false, expiresAt: null }, 'payable', 'no expiry'],
    [{ paid: true, expiresAt: '2026-11-22 09:00:00' }, 'paid', 'paid wins over expired'],
  ] as const)('%j -> %s (%s)', (request, state, _rule) => {
    expect(emailPaymentState(request, now)).toBe(state);
  });
});

describe('SPEC 2 "/pf/responseMessage ... query param code (3000 expired link, ... or a server code)"', () => {
  it.each([
    ['PAYMENT_NOT_FOUND', '/pf/responseMessage?code=PAYMENT_NOT_FOUND'],
    ['request_already_paid', '/pf/responseMessage?code=request_already_paid'],
    ['3000', '/pf/responseMessage?code=3000'],
    ['connection_error', null],
  ] as const)('%s -> %s', (code, path) => {
    expect(emailPaymentRefusalPath(code)).toBe(path);
  });
});
