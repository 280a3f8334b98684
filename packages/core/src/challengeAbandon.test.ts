import { describe, expect, it } from 'vitest';
import { afterChallengeAbandon, calledOffElsewhere, isAbandonableBankPage, isAbandonableChallenge, pageGoneReason } from './challengeAbandon';

const challenge = { method: 'card', status: -1, authStatus: 'PENDING_3DS', redirectUrl: 'http://localhost/sandbox/3ds/PP1' };

describe('SPEC 4 "Card: -1 pending, 0 declined, 1 approved" and "a 3DS redirect URL is followed at once": which attempt the payer may leave', () => {
  it.each([
    ['pending at its 3DS challenge', challenge, true],
    ['pending at the issuer, no challenge', { ...challenge, authStatus: 'PENDING', redirectUrl: null }, false],
    ['a challenge without its address', { ...challenge, redirectUrl: '' }, false],
    ['in doubt (sent, no answer recorded)', { ...challenge, authStatus: 'PROCESSING', redirectUrl: null }, false],
    ['approved after the challenge', { ...challenge, status: 1, authStatus: 'APPROVED' }, false],
    ['refused by the challenge', { ...challenge, status: 0, authStatus: 'AUTHENTICATION_FAILED' }, false],
    ['already left', { ...challenge, status: 0, authStatus: 'CANCELLED' }, false],
    ['another method pending with a redirect (Clave)', { ...challenge, method: 'clave' }, false],
  ])('%s', (_case, attempt, allowed) => {
    expect(isAbandonableChallenge(attempt)).toBe(allowed);
  });
});

describe('SPEC 4 "Clave: 0 declined, 1 approved, -1 pending": which Clave payment the payer leaving the bank\'s page calls off as cancelled', () => {
  const atBank = { method: 'clave', status: -1, authStatus: 'PENDING' };
  it.each([
    ['pending at the bank\'s page', atBank, true],
    ['pending, no auth status yet', { ...atBank, authStatus: null }, true],
    ['approved by the bank', { ...atBank, status: 1, authStatus: 'APPROVED' }, false],
    ['declined by the bank', { ...atBank, status: 0, authStatus: 'DECLINED' }, false],
    ['already cancelled', { ...atBank, status: 0, authStatus: 'CANCELLED' }, false],
    ['a card pending at its challenge (left another way)', { ...atBank, method: 'card', authStatus: 'PENDING_3DS' }, false],
  ])('%s', (_case, attempt, allowed) => {
    expect(isAbandonableBankPage(attempt)).toBe(allowed);
  });
});

describe('SPEC 4 "Card: -1 pending, 0 declined, 1 approved, 2 captured, 3 refunded": what the checkout shows after leaving a challenge', () => {
  it.each([
    ['called off: the form, to pay another way', { status: 0, authStatus: 'CANCELLED' }, 'form'],
    ['approved first: its receipt', { status: 1, authStatus: 'APPROVED' }, 'receipt'],
    ['approved and captured since: its receipt', { status: 2, authStatus: 'CAPTURED' }, 'receipt'],
    ['refunded since: its receipt', { status: 3, authStatus: 'REFUNDED' }, 'receipt'],
    ['refused by the bank first: the form with its reason', { status: 0, authStatus: 'AUTHENTICATION_FAILED' }, 'declined'],
    ['declined without an auth status', { status: 0 }, 'declined'],
    ['still pending: the wait goes on', { status: -1, authStatus: 'PENDING_3DS' }, 'waiting'],
    ['an unknown status is not a payment', { status: 7, authStatus: 'X' }, 'declined'],
  ])('%s', (_case, answer, end) => {
    expect(afterChallengeAbandon(answer)).toBe(end);
  });
});

describe('issue 92: "The browser left behind learns the truth ... never a decline or an expiry": which call-offs a waiting page tells as called off elsewhere', () => {
  const cancelled = (details: Record<string, unknown>) => ({ authStatus: 'CANCELLED', details });
  it.each([
    ['left by the payer from the checkout (the order opened in another browser, maybe): called off there', cancelled({ cancelReason: 'payer' }), true],
    ['the same, recorded with where it was left', cancelled({ cancelReason: 'payer', leftAt: 'checkout' }), true],
    [
      'a 3DS challenge cancelled on the issuer\'s page is this browser\'s own cancel ("El pago se canceló antes de completarse y no se hizo ningún cargo"), not "anulado en otra ventana"',
      cancelled({ cancelReason: 'payer_on_issuer_page' }), false,
    ],
    ['the same cancel recorded before it had a reason of its own', cancelled({ cancelReason: 'payer', leftAt: 'issuer_page' }), false],
    ['called off because another payment paid the order: "Este pedido ya se pagó", its own words', cancelled({ cancelReason: 'paid_elsewhere', paidBy: 'OP2', paidWith: 'card' }), false],
    ['voided by the merchant: its own words', cancelled({ cancelReason: 'merchant' }), false],
    ['a hold released unpaid', cancelled({ cancelReason: 'hold_expired' }), false],
    ['a decline is never a call-off', { authStatus: 'DECLINED', details: {} }, false],
    ['an expiry is never a call-off', { authStatus: 'EXPIRED', details: {} }, false],
    ['still waiting', { authStatus: 'PENDING_3DS', details: {} }, false],
  ])('%s', (_case, attempt, elsewhere) => {
    expect(calledOffElsewhere(attempt)).toBe(elsewhere);
  });
});

describe('Issue 92 "The browser left behind learns the truth ... never a decline or an expiry": why a bank page left open takes no answer', () => {
  const calledOff = (cancelReason: string, extra: Record<string, unknown> = {}) => ({ authStatus: 'CANCELLED', details: { cancelReason, ...extra } });
  it.each([
    ['left for another method in this checkout, order not paid', calledOff('payer'), false, 'another_method'],
    ['left from the checkout, then the order paid in another window or device', calledOff('payer'), true, 'paid_elsewhere'],
    ['called off because another payment paid its order', calledOff('paid_elsewhere'), true, 'paid_elsewhere'],
    ['cancelled by the payer on that page', calledOff('payer_on_issuer_page'), false, 'cancelled_on_page'],
    ['cancelled on that page (recorded before its reason had a name)', calledOff('payer', { leftAt: 'issuer_page' }), false, 'cancelled_on_page'],
    ['voided by the shop', calledOff('merchant'), false, 'merchant'],
    ['its hold not captured in time', calledOff('hold_expired'), false, 'other'],
    ['not called off (declined)', { authStatus: 'DECLINED', details: {} }, false, 'other'],
    ['no reason recorded', { authStatus: 'CANCELLED', details: {} }, true, 'other'],
  ])('%s', (_case, attempt, paidByAnother, reason) => {
    expect(pageGoneReason(attempt, { paidByAnother })).toBe(reason);
  });
});
