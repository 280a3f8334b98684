import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@pasarela/core';
import { fakePaymentContext, scriptedApi } from '../testing/fakePaymentContext';

describe('SPEC 3 "On success in the widget the stored session is cleared"', () => {
  afterEach(() => localStorage.clear());

  it.each(['card', 'nequi', 'yappy', 'clave'] as const)('a %s payment that succeeds clears the stored login before its receipt shows', (method) => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ sessionId: 's1', token: 'tok', user: { idUsr: 7 }, expiresAt: Date.now() + 60_000 }));
    const { payment, navigations } = fakePaymentContext(method, scriptedApi({}).api);
    payment.showReceipt('OP1');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(navigations).toEqual(['/pf/default-receipt/OP1']);
  });
});
