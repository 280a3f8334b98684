import { describe, expect, it } from 'vitest';
import { declineFieldOf, refusalAlertOf } from './cardDecline';

describe('SPEC 4 "any other status shows an error": the decline is shown beside the field that can fix it', () => {
  it.each([
    ['INCORRECT_CVC', 'cvc'],
    ['incorrect_cvc', 'cvc'],
    ['EXPIRED_CARD', 'cardnumber'],
    ['INSUFFICIENT_FUNDS', 'cardnumber'],
    ['DECLINED', 'cardnumber'],
    ['AUTHENTICATION_FAILED', 'cardnumber'],
    ['', 'cvc'],
    [' DECLINED ', 'cardnumber'],
    [null, 'cvc'],
    ['PROCESSING_ERROR', 'cvc'],
  ] as const)('%s -> %s', (authStatus, field) => {
    expect(declineFieldOf(authStatus)).toBe(field);
  });
});

describe('refusalAlertOf: a cancelled payment is not called declined', () => {
  it('CANCELLED (the payer cancelled the 3DS page): "payment cancelled", above the form, no bank reason', () => {
    expect(refusalAlertOf({ text: 'Pago cancelado antes de completarse', authStatus: 'CANCELLED' })).toEqual({ alert: { key: 'payment_cancelled' }, alertField: null });
  });
  it('a bank refusal: declined, with its reason, beside its field', () => {
    expect(refusalAlertOf({ text: 'Fondos insuficientes', authStatus: 'INSUFFICIENT_FUNDS' })).toEqual({ alert: { key: 'payment_declined', text: 'Fondos insuficientes' }, alertField: 'cardnumber' });
    expect(refusalAlertOf({ text: '', authStatus: 'AUTHENTICATION_FAILED' })).toEqual({ alert: { key: 'payment_declined' }, alertField: 'cardnumber' });
  });
});
