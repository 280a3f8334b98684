import { describe, expect, it } from 'vitest';
import {
  cardDisplayStatus, displayStatusOf, overallResultOfDisplay, paymentDisplayStatus, paymentOverallResult, statusFamilyOf,
  recordedPaymentResult, cancelledStatusOf, CANCELLED_AUTH_STATUS, recordedOutcomeOf, recordedCardOutcomeOf,
} from './status';
import { buildParentNotification, buildPaymentResult, notificationStatusOf } from './paymentResult';
import type { StatusFamily } from './status';

describe('SPEC 4 "Status codes per method (display)"', () => {
  it.each([
    ['card', -1, 'pending'], ['card', 0, 'declined'], ['card', 1, 'approved'], ['card', 2, 'captured'], ['card', 3, 'refunded'], ['card', 9, 'unknown'],
    ['balance', -1, 'pending'], ['balance', 0, 'declined'], ['balance', 1, 'approved'], ['balance', 2, 'approved'], ['balance', 3, 'approved'],
    ['crypto', 1, 'approved'], ['crypto', 0, 'pending'], ['crypto', -1, 'pending'], ['crypto', 3, 'pending'],
    ['clave', 0, 'declined'], ['clave', 1, 'approved'], ['clave', -1, 'pending'],
    ['nequi', 1, 'approved'], ['nequi', -1, 'pending'], ['nequi', 0, 'unknown'],
    ['cash', 3, 'declined'], ['cash', 0, 'pending'], ['cash', -1, 'pending'], ['cash', 1, 'completed'], ['cash', 2, 'paid'],
    ['cashPoint', 3, 'declined'], ['cashPoint', 0, 'pending'], ['cashPoint', 1, 'completed'], ['cashPoint', 2, 'paid'],
    ['yappy', 1, 'approved'], ['yappy', -1, 'pending'], ['yappy', 0, 'pending'],
  ] as Array<[StatusFamily, number, string]>)('%s status %s -> %s', (family, status, display) => {
    expect(displayStatusOf(family, status)).toBe(display);
  });

  it('card display status shortcut', () => {
    expect(cardDisplayStatus(2)).toBe('captured');
  });

  it.each([
    ['VISA', true], ['MC-PF', true], ['amex-pf', true], ['MASTERCARD', true], ['NEQUI', false], ['PAYCASH', false],
    [' VISA ', true], ['PC', false], ['wallet', false], ['VISA-PF ', true],
  ])('"Card (Visa, Mastercard, Amex, including -PF variants)": %s is a card: %s', (type, card) => {
    expect(statusFamilyOf(type) === 'card').toBe(card);
  });

  it.each([
    ['VISA-PF', 'card'], ['card', 'card'], ['pfw', 'balance'], ['balance', 'balance'], ['wallet', 'balance'], ['crypto', 'crypto'],
    ['clave', 'clave'], ['NEQUI', 'nequi'], ['yappy', 'yappy'], ['cash', 'cash'], ['paycash', 'cash'], ['PC', 'cashPoint'],
    ['cashPoint', 'cashPoint'], ['', 'card'], [undefined, 'card'],
    [' NEQUI ', 'nequi'], ['cash-point', 'cashPoint'], ['pagocash', 'cash'],
  ])('status family of %j is %s', (type, family) => {
    expect(statusFamilyOf(type)).toBe(family);
  });
});

describe('SPEC 4 "Overall result"', () => {
  it.each([
    [0, 'PENDING'], [1, 'APPROVED'], [2, 'APPROVED'], [3, 'DECLINED'], [4, 'ERROR'],
  ])('"0 pending, 1 and 2 approved, 3 declined" (a cash payment\'s codes, through its display status): %s -> %s', (status, overall) => {
    expect(paymentOverallResult('cash', status)).toBe(overall);
    expect(paymentOverallResult('cashPoint', status)).toBe(overall);
  });

  it.each([
    ['APPROVED', 'success'], ['PENDING', 'success'], ['DECLINED', 'error'], ['ERROR', 'error'],
  ] as const)('"APPROVED or PENDING notifies the parent as success; anything else as error": %s -> %s', (overall, status) => {
    expect(notificationStatusOf(overall)).toBe(status);
  });

  it.each([
    ['approved', 'APPROVED'], ['captured', 'APPROVED'], ['completed', 'APPROVED'], ['paid', 'APPROVED'],
    ['pending', 'PENDING'], ['declined', 'DECLINED'], ['refunded', 'DECLINED'], ['unknown', 'ERROR'],
  ] as const)('display %s stands for %s', (display, overall) => {
    expect(overallResultOfDisplay(display)).toBe(overall);
  });
});

describe('SPEC 3 "Notification to the parent on result"', () => {
  const outcome = {
    result: 'APPROVED' as const,
    totalPaid: 27.29,
    at: Date.UTC(2026, 10, 21, 15, 4, 5),
    type: 'VISA',
    codOper: 'OP-1',
    user: 'ana@example.com',
    reason: 'Aprobada',
    returnUrl: 'https://shop.example.com/done',
  };

  it('has TotalPagado, Fecha dd/mm/yyyy, Hora hh:mm:ss (Panama), Tipo, Oper, Usuario, Estado, Razon, isReturn, returnUrl', () => {
    expect(buildParentNotification(outcome)).toEqual({
      TotalPagado: '27.29',
      Fecha: '21/11/2026',
      Hora: '10:04:05',
      Tipo: 'VISA',
      Oper: 'OP-1',
      Usuario: 'ana@example.com',
      Estado: 'APPROVED',
      Razon: 'Aprobada',
      isReturn: true,
      returnUrl: 'https://shop.example.com/done',
    });
  });

  it.each([
    [undefined, false, ''],
    ['', false, ''],
    ['javascript:alert(1)', false, ''],
  ])('return URL %j -> isReturn %s', (returnUrl, isReturn, url) => {
    const n = buildParentNotification({ ...outcome, returnUrl, reason: undefined });
    expect([n.isReturn, n.returnUrl, n.Razon]).toEqual([isReturn, url, '']);
  });

  it('builds the result message payload with the parent status', () => {
    expect(buildPaymentResult('card', { ...outcome, result: 'DECLINED' })).toMatchObject({ status: 'error', method: 'card', notification: { Estado: 'DECLINED' } });
    expect(buildPaymentResult('nequi', { ...outcome, result: 'PENDING' }).status).toBe('success');
  });
});

describe('A recorded payment\'s status: SPEC 4\'s tables, and the auth status where a table has no declined code', () => {
  it.each([
    // "Yappy: 1 approved, -1 and 0 pending": true for a payment still waiting...
    ['yappy', -1, 'PENDING', 'pending', 'PENDING', 'Yappy -1 pending'],
    ['yappy', 0, 'PENDING', 'pending', 'PENDING', 'Yappy 0 pending'],
    ['yappy', 1, 'APPROVED', 'approved', 'APPROVED', 'Yappy 1 approved'],
    // ...but a 0 the sandbox recorded as refused or timed out can no longer be paid.
    ['yappy', 0, 'DECLINED', 'declined', 'DECLINED', 'Yappy refused in the app'],
    ['yappy', 0, 'EXPIRED', 'declined', 'DECLINED', 'Yappy window closed'],
    ['yappy', 0, 'declined', 'declined', 'DECLINED', 'auth status compared case-insensitively'],
    ['yappy', 0, ' DECLINED ', 'declined', 'DECLINED', 'auth status read without spaces around it'],
    // "Nequi: 1 approved, -1 pending": a 0 is not listed (unknown), unless its auth status says why.
    ['nequi', -1, 'PENDING', 'pending', 'PENDING', 'Nequi -1 pending'],
    ['nequi', 1, 'APPROVED', 'approved', 'APPROVED', 'Nequi 1 approved'],
    ['nequi', 0, 'DECLINED', 'declined', 'DECLINED', 'Nequi refused in the app'],
    ['nequi', 0, 'EXPIRED', 'declined', 'DECLINED', 'Nequi never answered'],
    ['nequi', 0, '', 'unknown', 'ERROR', 'Nequi 0 without a reason stays unknown'],
    // "Crypto: 1 approved, all others pending": a cancelled payment is over.
    ['crypto', 0, 'PENDING', 'pending', 'PENDING', 'crypto waiting for the chain'],
    ['crypto', 0, 'UNDERPAID', 'pending', 'PENDING', 'crypto under-paid still waits'],
    ['crypto', 0, 'CANCELLED', 'declined', 'DECLINED', 'crypto cancelled by the payer'],
    ['crypto', 1, 'APPROVED', 'approved', 'APPROVED', 'crypto 1 approved'],
    // Codes a table lists keep their meaning whatever the auth status.
    ['card', 1, 'DECLINED', 'approved', 'APPROVED', 'a listed code wins'],
    ['card', -1, 'PENDING', 'pending', 'PENDING', 'card -1 pending'],
    ['card', 0, 'DECLINED', 'declined', 'DECLINED', 'card 0 declined'],
    ['cash', 2, 'PAID', 'paid', 'APPROVED', 'cash 2 paid'],
    ['cash', 0, 'PENDING', 'pending', 'PENDING', 'cash 0 pending'],
  ] as Array<[StatusFamily, number, string, string, string, string]>)('%s %s auth %j -> %s, %s (%s)', (family, status, auth, display, overall, _why) => {
    expect(paymentDisplayStatus(family, status, auth)).toBe(display);
    expect(paymentOverallResult(family, status, auth)).toBe(overall);
  });

  it('without an auth status it is SPEC\'s table alone', () => {
    expect(paymentDisplayStatus('yappy', 0)).toBe('pending');
    expect(paymentDisplayStatus('nequi', 0, null)).toBe('unknown');
  });
});

describe('a payment called off before it was paid', () => {
  // SPEC 4 "Cash and cash-point: 3 declined"; "Card ... 0 declined"; "Clave: 0 declined"; Nequi,
  // Yappy and crypto list no declined code: 0 with the ended auth status.
  it.each([
    ['card', 0], ['balance', 0], ['clave', 0], ['nequi', 0], ['yappy', 0], ['crypto', 0], ['cash', 3], ['PC', 3],
  ] as const)('%s takes status %d and reads as declined', (method, status) => {
    expect(cancelledStatusOf(method)).toBe(status);
    expect(recordedPaymentResult({ method, status, authStatus: CANCELLED_AUTH_STATUS })).toBe('DECLINED');
  });

  it.each([
    ['nequi', -1, 'PENDING', 'PENDING'], ['nequi', 1, 'APPROVED', 'APPROVED'], ['cash', 2, 'PAID', 'APPROVED'], ['cash', 0, 'PENDING', 'PENDING'],
    ['card', 2, 'CAPTURED', 'APPROVED'], ['card', 3, 'REFUNDED', 'DECLINED'], ['yappy', 0, 'EXPIRED', 'DECLINED'], ['crypto', 0, 'UNDERPAID', 'PENDING'],
  ] as const)('a recorded %s payment with status %d (%s) is %s (SPEC 4 "Overall result")', (method, status, authStatus, overall) => {
    expect(recordedPaymentResult({ method, status, authStatus })).toBe(overall);
  });
});

describe('SPEC 4 "Status codes per method": the code a gateway\'s answer is recorded as', () => {
  it.each<[Parameters<typeof recordedOutcomeOf>[0], string, number, string, string, string]>([
    // "Nequi: 1 approved, -1 pending" (no declined code: an end unpaid is 0 with an ended auth status).
    ['nequi', 'approved', 1, 'APPROVED', 'approved', 'APPROVED'],
    ['nequi', 'declined', 0, 'DECLINED', 'generic', 'DECLINED'],
    ['nequi', 'expired', 0, 'EXPIRED', 'generic', 'DECLINED'],
    ['nequi', 'cancelled', 0, 'CANCELLED', 'cancelled', 'DECLINED'],
    // "Yappy: 1 approved, -1 and 0 pending".
    ['yappy', 'approved', 1, 'APPROVED', 'approved', 'APPROVED'],
    ['yappy', 'declined', 0, 'DECLINED', 'generic', 'DECLINED'],
    ['yappy', 'expired', 0, 'EXPIRED', 'pending', 'DECLINED'],
    ['yappy', 'cancelled', 0, 'CANCELLED', 'cancelled', 'DECLINED'],
    // "Clave: 0 declined, 1 approved, -1 pending".
    ['clave', 'approved', 1, 'APPROVED', 'approved', 'APPROVED'],
    ['clave', 'declined', 0, 'DECLINED', 'generic', 'DECLINED'],
    ['clave', 'cancelled', 0, 'CANCELLED', 'cancelled', 'DECLINED'],
    // "Cash and cash-point: 3 declined, 0 and -1 pending, 1 completed, 2 paid".
    ['cash', 'paid', 2, 'PAID', 'approved', 'APPROVED'],
    ['cash', 'expired', 3, 'EXPIRED', 'generic', 'DECLINED'],
    ['cash', 'cancelled', 3, 'CANCELLED', 'cancelled', 'DECLINED'],
    // "Crypto: 1 approved, all others pending".
    ['crypto', 'paid', 1, 'APPROVED', 'approved', 'APPROVED'],
    ['crypto', 'underpaid', 0, 'UNDERPAID', 'pending', 'PENDING'],
  ])('%s %s is recorded as %d %s (%s), read as %s', (method, end, status, authStatus, messageKey, overall) => {
    const recorded = recordedOutcomeOf(method, end as never);
    expect(recorded).toEqual({ status, authStatus, messageKey });
    expect(recordedPaymentResult({ method, status: recorded.status, authStatus: recorded.authStatus })).toBe(overall);
  });

  it.each([
    ['approved', 1, 'APPROVED', 'APPROVED'], ['pending', -1, 'PENDING', 'PENDING'], ['three_ds', -1, 'PENDING_3DS', 'PENDING'],
    ['processing', -1, 'PROCESSING', 'PENDING'], ['failed', 0, 'ERROR', 'DECLINED'], ['cancelled', 0, 'CANCELLED', 'DECLINED'],
    ['generic', 0, 'DECLINED', 'DECLINED'], ['insufficient_funds', 0, 'INSUFFICIENT_FUNDS', 'DECLINED'], ['expired_card', 0, 'EXPIRED_CARD', 'DECLINED'],
    ['incorrect_cvc', 0, 'INCORRECT_CVC', 'DECLINED'], ['three_ds_failed', 0, 'AUTHENTICATION_FAILED', 'DECLINED'],
  ] as const)('"Card: -1 pending, 0 declined, 1 approved": a card %s is recorded as %d %s, read as %s', (key, status, authStatus, overall) => {
    expect(recordedCardOutcomeOf(key)).toEqual({ status, authStatus, messageKey: key });
    expect(recordedPaymentResult({ method: 'card', status, authStatus })).toBe(overall);
  });
});
