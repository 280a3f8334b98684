import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { cardReceiptStatus, ReceiptSchema, receiptBadgeKey, receiptCardNumber, receiptIsHold, receiptDisplayStatus, receiptTitleKeyOfReceipt } from './receipt';

// a receipt of the method (typeMethod), code and type given
const titleOf = (typeMethod: string, status: number, type: string | null | undefined) => receiptTitleKeyOfReceipt({ status, type, typeMethod });

describe('SPEC 4 "Receipt title" (a wallet balance payment: SPEC\'s rule as it stands)', () => {
  it.each([
    [1, 'AUTH_CAPTURE', 'receipt_payment_proof', 'Status 1: payment proof'],
    [1, 'RECURRENT', 'receipt_subscription_proof', '(subscription proof if type RECURRENT)'],
    [1, 'recurrent', 'receipt_subscription_proof', 'type compared case-insensitively'],
    [1, ' RECURRENT ', 'receipt_subscription_proof', 'type read without spaces around it'],
    [3, 'AUTH', 'receipt_refund_proof', 'Status 3: refund proof'],
    [2, 'AUTH_CAPTURE', 'receipt_partial_refund_proof', 'Status 2 with non-AUTH type: partial refund proof'],
    [2, null, 'receipt_partial_refund_proof', 'no type is non-AUTH'],
    [2, 'AUTH', 'receipt_captured_proof', 'Status 2 with AUTH: captured proof'],
    // "Otherwise: payment instructions": a cash voucher's 0 and -1, below
  ])('status %s type %s -> %s (%s)', (status, type, key, _why) => {
    expect(titleOf('balance', status, type)).toBe(key);
  });
});

describe('SPEC 4 "Receipt title" for a cash voucher ("Cash and cash-point: 3 declined, 0 and -1 pending, 1 completed, 2 paid")', () => {
  it.each([
    ['cash', 2, 'AUTH_CAPTURE', 'receipt_payment_proof', '2 paid is a payment proof, not a partial refund'],
    ['cashPoint', 2, 'AUTH_CAPTURE', 'receipt_payment_proof', 'the cash-point network alike'],
    ['cash', 1, 'AUTH_CAPTURE', 'receipt_payment_proof', '1 completed'],
    ['cash', 0, 'AUTH_CAPTURE', 'receipt_payment_instructions', '0 pending: the voucher still to pay'],
    ['cashPoint', -1, null, 'receipt_payment_instructions', '-1 pending'],
    ['cash', 3, 'AUTH_CAPTURE', 'receipt_declined', '3 declined (lapsed) is no refund, nor anything left to pay: declined'],
    ['cash', 7, 'AUTH_CAPTURE', 'receipt_payment_instructions', 'a code the table does not list'],
    ['card', 2, 'AUTH_CAPTURE', 'receipt_partial_refund_proof', 'cards keep SPEC\'s rule'],
    ['card', 3, 'AUTH', 'receipt_refund_proof', 'cards keep SPEC\'s rule'],
    ['nequi', 1, 'RECURRENT', 'receipt_subscription_proof', 'other families keep SPEC\'s rule'],
    ['card', 0, 'AUTH_CAPTURE', 'receipt_declined', 'a declined card has nothing left to pay: not "payment instructions"'],
    ['card', -1, 'AUTH_CAPTURE', 'receipt_pending', 'a pending card has nothing to pay: "payment pending", not "Otherwise: payment instructions" (issue 21)'],
    ['nequi', -1, 'AUTH_CAPTURE', 'receipt_pending', 'a push awaiting the payer\'s answer in Nequi'],
    ['clave', -1, 'AUTH_CAPTURE', 'receipt_pending', 'a Clave payment at the bank'],
    ['crypto', 0, 'AUTH_CAPTURE', 'receipt_pending', 'a crypto payment awaiting the chain'],
    ['card', 7, 'AUTH_CAPTURE', 'receipt_payment_instructions', 'a code the card table does not list keeps SPEC\'s "Otherwise"'],
  ] as const)('%s status %s type %s -> %s (%s)', (family, status, type, key, _why) => {
    expect(titleOf(family, status, type)).toBe(key);
  });
});

describe('A declined Yappy or Nequi, a cancelled crypto payment: the receipt says declined (issue "Money is never wrong")', () => {
  it.each([
    [{ status: 0, authStatus: 'DECLINED', typeMethod: 'YAPPY', cardType: '' }, 'declined', 'receipt_declined', 'Yappy 62222222'],
    [{ status: 0, authStatus: 'EXPIRED', typeMethod: 'YAPPY', cardType: '' }, 'declined', 'receipt_declined', 'Yappy window closed'],
    [{ status: 0, authStatus: 'PENDING', typeMethod: 'YAPPY', cardType: '' }, 'pending', 'receipt_pending', 'SPEC "Yappy: -1 and 0 pending"'],
    [{ status: -1, authStatus: 'PENDING', typeMethod: 'NEQUI', cardType: '' }, 'pending', 'receipt_pending', 'SPEC "Nequi: -1 pending"'],
    [{ status: 0, authStatus: 'DECLINED', typeMethod: 'NEQUI', cardType: '' }, 'declined', 'receipt_declined', 'Nequi 3992222222'],
    [{ status: 1, authStatus: 'APPROVED', typeMethod: 'NEQUI', cardType: '' }, 'approved', 'receipt_payment_proof', 'SPEC "Nequi: 1 approved"'],
    [{ status: 0, authStatus: 'CANCELLED', typeMethod: 'CRYPTO', cardType: '' }, 'declined', 'receipt_declined', 'crypto cancelled'],
    [{ status: 1, authStatus: 'AUTH-1', typeMethod: 'CARD', cardType: 'VISA' }, 'approved', 'receipt_payment_proof', 'a card by its method'],
    [{ status: 2, authStatus: 'AUTH-1', typeMethod: '', cardType: 'MC-PF' }, 'captured', 'receipt_partial_refund_proof', 'a card by its brand alone'],
  ] as const)('%j -> %s, %s (%s)', (receipt, display, title, _why) => {
    expect(receiptDisplayStatus(receipt)).toBe(display);
    expect(receiptTitleKeyOfReceipt({ ...receipt, type: 'AUTH_CAPTURE' })).toBe(title);
  });
});

describe('SPEC 3 "Receipt"', () => {
  const raw = {
    date: '2026-11-21 10:00:00', name: 'Ana Diaz', authStatus: 'AUTH-1', cardType: 'VISA', type: 'AUTH_CAPTURE', binInfo: null,
    displayNum: '424242******4242', messageSys: 'Aprobada', codOper: 'OP-1', status: 1, totalPay: 27.29, email: 'ana@example.com',
    txType: 'AUTH_CAPTURE', expirationDate: '12/30', phone: '61111111', concept: 'not description', descriptor: 'DEMO*GYM',
    isBlock: false, typeMethod: 'card', reference: 'TX-9', taxAmount: 1.79,
    merchant: { merchantName: 'Gimnasio Demo', logo: '/images/merchants/demo.svg' }, txCtrl: { completeName: 'Ana Diaz', description: 'Cuota' },
  };

  it('parses every field of the receipt', () => {
    const r = v.parse(ReceiptSchema, raw);
    expect(r).toMatchObject({ codOper: 'OP-1', status: 1, totalPay: 27.29, reference: 'TX-9', merchant: { merchantName: 'Gimnasio Demo' } });
  });

  it('tolerates nulls and missing optional parts, and needs codOper and status', () => {
    const r = v.parse(ReceiptSchema, { codOper: 'OP-2', status: '0', name: null, merchant: null });
    expect(r).toMatchObject({ codOper: 'OP-2', status: 0, name: '', totalPay: 0, merchant: null, txCtrl: null, isBlock: false, refund: null });
    expect(v.safeParse(ReceiptSchema, { status: 1 }).success).toBe(false);
  });

  it.each([
    ['424242******4242', 'RECURRENT', '•••• 4242'],
    ['424242******4242', 'AUTH_CAPTURE', '424242******4242'],
    ['**', 'RECURRENT', '**'],
    [null, 'RECURRENT', ''],
    ['****4242', 'RECURRENT', '•••• 4242'],
    [' 424242******4242 ', 'AUTH_CAPTURE', '424242******4242'],
    ['424242******4242', ' recurrent ', '•••• 4242'],
  ])('"For subscriptions only the last 4 card digits show": %j (%s) -> %j', (num, type, shown) => {
    expect(receiptCardNumber(num, type)).toBe(shown);
  });
});

// SPEC 4 "Card: -1 pending, 0 declined, 1 approved, 2 captured, 3 refunded" and "Status 3: refund proof.
// Status 2 with non-AUTH type: partial refund proof. Status 2 with AUTH: captured proof".
describe('cardReceiptStatus: a card payment\'s receipt after its capture and refunds', () => {
  const paid = { status: 1, txType: 'AUTH_CAPTURE', holdState: null, capturedCents: 0, chargedCents: 10_000, refundedCents: 0 };
  const hold = { ...paid, txType: 'AUTH' };
  it.each([
    ['approved, nothing given back', paid, 1, 10_000],
    ['part refunded: partial refund proof', { ...paid, refundedCents: 2_500 }, 2, 10_000],
    ['all refunded: refund proof', { ...paid, refundedCents: 10_000 }, 3, 10_000],
    ['a hold not captured yet', hold, 1, 10_000],
    ['a hold captured in part: captured proof, what it took', { ...hold, holdState: 'captured', capturedCents: 500 }, 2, 500],
    ['a hold captured, then all of that refunded', { ...hold, holdState: 'captured', capturedCents: 500, refundedCents: 500 }, 3, 500],
    ['pending stays pending', { ...paid, status: -1 }, -1, 10_000],
    ['declined stays declined', { ...paid, status: 0, refundedCents: 0 }, 0, 10_000],
  ])('%s', (_why, payment, status, paidCents) => {
    expect(cardReceiptStatus(payment)).toEqual({ status, paidCents });
  });
  it('the title follows: refund proof, partial refund proof, captured proof', () => {
    expect(receiptTitleKeyOfReceipt({ status: 3, typeMethod: 'CARD', type: 'AUTH_CAPTURE' } as never)).toBe('receipt_refund_proof');
    expect(receiptTitleKeyOfReceipt({ status: 2, typeMethod: 'CARD', type: 'AUTH_CAPTURE' } as never)).toBe('receipt_partial_refund_proof');
    expect(receiptTitleKeyOfReceipt({ status: 2, typeMethod: 'CARD', type: 'AUTH' } as never)).toBe('receipt_captured_proof');
  });
});

describe('receiptBadgeKey: a partial refund is said as one', () => {
  it.each([
    [{ status: 2, typeMethod: 'CARD', type: 'AUTH_CAPTURE' }, 'status_partially_refunded', 'Status 2 with non-AUTH type: partial refund proof'],
    [{ status: 2, typeMethod: 'CARD', type: 'AUTH' }, 'status_captured', 'Status 2 with AUTH: captured proof'],
    [{ status: 3, typeMethod: 'CARD', type: 'AUTH_CAPTURE' }, 'status_refunded', 'Status 3: refund proof'],
    [{ status: 1, typeMethod: 'CARD', type: 'AUTH_CAPTURE' }, 'status_approved', 'approved'],
    [{ status: 1, typeMethod: 'CARD', type: 'AUTH' }, 'status_held', 'a hold not yet captured: held, not approved'],
  ])('%j: %s (%s)', (receipt, key) => {
    expect(receiptBadgeKey(receipt as never)).toBe(key);
  });
});

// Issue 89: "a manual (AUTH) payment is a hold the merchant captures, in part or whole, once, or
// releases": approved, nothing is taken until the capture; captured it is status 2, released status 0.
describe('receiptIsHold: a manual-capture card payment approved and not yet captured', () => {
  it.each([
    [{ status: 1, typeMethod: 'CARD', type: 'AUTH' }, true, 'approved hold'],
    [{ status: 1, typeMethod: 'CARD', type: ' auth ' }, true, 'type read as SPEC\'s rule reads it'],
    [{ status: 2, typeMethod: 'CARD', type: 'AUTH' }, false, 'captured'],
    [{ status: 0, typeMethod: 'CARD', type: 'AUTH' }, false, 'voided or lapsed'],
    [{ status: -1, typeMethod: 'CARD', type: 'AUTH' }, false, 'pending: not held yet'],
    [{ status: 3, typeMethod: 'CARD', type: 'AUTH' }, false, 'refunded'],
    [{ status: 1, typeMethod: 'CARD', type: 'AUTH_CAPTURE' }, false, 'an automatic payment is taken at once'],
    [{ status: 1, typeMethod: 'NEQUI', type: 'AUTH' }, false, 'holds are card payments'],
  ])('%j: %s (%s)', (receipt, held) => {
    expect(receiptIsHold(receipt)).toBe(held);
  });
});
