import { describe, expect, it } from 'vitest';
import { challengeEndsOnForm, receiptCall, receiptOfAddress, refusedChallengeReturn, returnedPaymentResult, returnRefusalKey } from './returnScreen';

const pending = (attempt: unknown) => encodeURIComponent(JSON.stringify(attempt));

describe('receiptOfAddress: the receipt a page reads first (SPEC 2 "/pf/default-receipt/{codOper}", "/pf/widget/returnclave", "/pf/widget/returnclavesdk")', () => {
  it.each([
    ['/pf/default-receipt/PP123', '', 'PP123'],
    ['/pf/default-receipt/PP123', 'challenge=1&entries=3&from=%2Fpf%2Fwidget', 'PP123'],
    ['/pf/default-receipt/PP%31', '', 'PP1'],
    // "/pf/default-receipt/processing: reads Oper and redirects to the receipt": its receipt, drawn with the page
    ['/pf/default-receipt/processing', 'Oper=PP123', 'PP123'],
    ['/pf/default-receipt/%E0%A4%A', '', null],
    ['/pf/default-receipt/..', '', null],
    ['/pf/default-receipt/PP1/more', '', null],
    ['/pf/widget/returnclave', 'Oper=PP9', 'PP9'],
    ['/pf/widget/returnclavesdk', 'Oper=%20PP9%20&from=%2Fpf%2Fwidget', 'PP9'],
    ['/pf/widget/returnclavesdk', '', null],
    ['/pf/widget/returnclave', 'Oper=../x', null],
    ['/pf/widget', 'type=lk&code=LK1', null],
    // A card payment left at its 3DS challenge, named by the checkout's own address.
    ['/pf/widget', `type=lk&code=LK1&pending=${pending({ method: 'card', codOper: 'PP7', deadline: null })}`, 'PP7'],
    ['/pf/widget', `type=lk&code=LK1&pending=${pending({ method: 'nequi', codOper: 'PP7', deadline: 1 })}`, null],
    ['/pf/widget', `type=lk&code=LK1&pending=${pending({ method: 'card', codOper: 'x y', deadline: null })}`, null],
    ['/pf/widget', 'type=lk&code=LK1&pending=%7Bnot-json', null],
  ])('%s?%s -> %s', (path, query, expected) => {
    expect(receiptOfAddress(path, new URLSearchParams(query))).toBe(expected);
  });

  it('asks for the receipt as SPEC 7 "GET receipt by operation" names it', () => {
    expect(receiptCall('PP 1')).toEqual({ path: 'receipts/PP%201', query: {} });
  });
});

describe('returnedPaymentResult: SPEC 4 "Overall result" of a payment back from outside', () => {
  it.each([
    ['card', { status: 1, authStatus: 'APPROVED', cardType: 'VISA' }, 'APPROVED'],
    ['card', { status: 0, authStatus: 'DECLINED', cardType: 'VISA' }, 'DECLINED'],
    ['card', { status: -1, authStatus: '', cardType: 'MC-PF' }, 'PENDING'],
    ['card', { status: 2, authStatus: '', cardType: '' }, 'APPROVED'],
    ['clave', { status: 1, authStatus: '', cardType: '' }, 'APPROVED'],
    ['clave', { status: 0, authStatus: '', cardType: '' }, 'DECLINED'],
    ['clave', { status: -1, authStatus: 'EXPIRED', cardType: '' }, 'DECLINED'],
  ] as const)('%s %o -> %s', (method, receipt, expected) => {
    expect(returnedPaymentResult(method, receipt)).toBe(expected);
  });
});

describe('returnRefusalKey: SPEC 4 "Clave: 0 declined": a payment left on the bank\'s page is the payer\'s cancel, never told as the bank\'s refusal', () => {
  it.each([
    ['left on the bank\'s page (its X, Escape or cancel)', { authStatus: 'CANCELLED' }, 'payment_cancelled'],
    ['the same, spelt loosely', { authStatus: ' cancelled ' }, 'payment_cancelled'],
    ['refused by the bank', { authStatus: 'DECLINED' }, 'payment_declined'],
    ['ended without an auth status', { authStatus: '' }, 'payment_declined'],
    ['no auth status at all', { authStatus: null }, 'payment_declined'],
    ['expired at the bank', { authStatus: 'EXPIRED' }, 'payment_declined'],
  ] as const)('%s -> %s', (_case, receipt, key) => {
    expect(returnRefusalKey(receipt)).toBe(key);
  });
});

describe('refusedChallengeReturn: a failed 3DS challenge returns straight to the card form (SPEC 3 "error" to the parent)', () => {
  const declined = { status: 0, authStatus: 'DECLINED', cardType: 'VISA' };
  const at = (query: string, path = '/pf/default-receipt/PP1') => new URL(`https://checkout.test${path}?${query}`);
  it.each([
    ['challenge=1&entries=4&from=%2Fpf%2Fwidget', declined, true],
    ['challenge=1&entries=4', { status: 0, authStatus: 'FAILED_3DS', cardType: 'MC' }, true],
    // Called off by the payer (another card): a declined record.
    ['challenge=1&entries=4', { status: 0, authStatus: 'CANCELLED', cardType: '' }, true],
    // Called off because another payment paid its order (issue 92): the receipt's address says the order is paid.
    ['challenge=1&entries=4', { status: 0, authStatus: 'CANCELLED', cardType: '', paidBy: { codOper: 'PP9', method: 'card' } }, false],
    // Still at the bank: its wait, not the form.
    ['challenge=1&entries=4', { status: -1, authStatus: 'PENDING_3DS', cardType: 'VISA' }, false],
    ['challenge=1&entries=4', { status: 1, authStatus: 'APPROVED', cardType: 'VISA' }, false],
    // "pending" is reported as success: its receipt says it is under way.
    ['challenge=1&entries=4', { status: -1, authStatus: '', cardType: 'VISA' }, false],
    ['challenge=1&entries=4', null, false],
    // Not a challenge's return, no count of the form's entry, or already shown for want of one.
    ['entries=4', declined, false],
    ['challenge=1', declined, false],
    ['challenge=1&entries=4&stay=1', declined, false],
    ['challenge=2&entries=4', declined, false],
  ] as const)('%s with %o -> %s', (query, receipt, expected) => {
    expect(refusedChallengeReturn(at(query), receipt)).toBe(expected);
  });

  it('only on a receipt address', () => {
    expect(refusedChallengeReturn(at('challenge=1&entries=4', '/pf/widget/returnclave'), declined)).toBe(false);
    expect(refusedChallengeReturn(at('challenge=1&entries=4&type=lk&code=LK1', '/pf/widget'), declined)).toBe(false);
  });
});

describe('challengeEndsOnForm: back on the form\'s entry, a failed challenge is the form with the reason (SPEC 3 "any other status shows an error")', () => {
  it.each([
    ['declined by the issuer', { status: 0, authStatus: 'DECLINED', cardType: 'VISA' }, true],
    ['the challenge failed', { status: 0, authStatus: 'FAILED_3DS', cardType: 'MC' }, true],
    // The payer left it for another card: a declined record, shown on the form as cancelled.
    ['called off for another card', { status: 0, authStatus: 'CANCELLED', cardType: '' }, true],
    // SPEC 3 "status 1 leads to the receipt".
    ['approved', { status: 1, authStatus: 'APPROVED', cardType: 'VISA' }, false],
    // Still at the bank: its wait.
    ['still at its challenge', { status: -1, authStatus: 'PENDING_3DS', cardType: 'VISA' }, false],
    // Issue 92: the order was paid by another payment, or called off from the browser it was opened in: said so, no form.
    ['its order paid by another payment', { status: 0, authStatus: 'CANCELLED', cardType: '', paidBy: { codOper: 'PP9', method: 'nequi' } }, false],
    ['called off from another browser', { status: 0, authStatus: 'CANCELLED', cardType: '', calledOffByPayer: true }, false],
  ] as const)('%s -> %s', (_case, receipt, expected) => {
    expect(challengeEndsOnForm(receipt)).toBe(expected);
  });
});
