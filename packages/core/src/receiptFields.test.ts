import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ReceiptSchema } from './receipt';
import { receiptConcept, receiptFields, type ReceiptField } from './receiptFields';

/** A receipt as the sandbox answers it (SPEC 3 "Receipt"), changed by `over`. */
const receipt = (over: Record<string, unknown>) => v.parse(ReceiptSchema, {
  date: '21/11/2026 10:00:00', name: 'Rosa Díaz', authStatus: 'APPROVED', cardType: 'VISA', type: 'AUTH_CAPTURE',
  displayNum: '**** **** **** 4242', messageSys: 'Aprobada', codOper: 'PP753D89F4AFDB', status: 1, totalPay: 12.84,
  email: 'rosa@example.com', concept: 'not description', descriptor: 'Tienda Demo Panamá', typeMethod: 'CARD',
  reference: 'PP753D89F4AFDB', taxAmount: 0.84, merchant: { merchantName: 'Tienda Demo Panamá', logo: '' },
  txCtrl: { completeName: 'Rosa Díaz', description: 'Entradas de cine' }, ...over,
});
const cash = (status: number, authStatus: string) => receipt({
  typeMethod: 'CASH', cardType: '', displayNum: '', name: null, authStatus, status, reference: '286308632408', network: 'PAYCASH',
  expirationDate: '2026-11-22T15:00:00.000Z', descriptor: 'Tienda Demo Panamá', txCtrl: { completeName: null, description: 'Pedido 88' },
});

describe('issue 21 "Receipts read like receipts": the lines per method and status', () => {
  it.each<[string, ReturnType<typeof receipt>, ReceiptField[]]>([
    ['an approved card: its card, name, concept, statement descriptor; no "APPROVED" authorization, no reference repeating the operation',
      receipt({}), ['operation', 'date', 'merchant', 'card', 'name', 'concept', 'tax', 'descriptor']],
    ['an approved card whose issuer gave an authorization code shows it',
      receipt({ authStatus: '004512' }), ['operation', 'date', 'merchant', 'card', 'name', 'concept', 'authorization', 'tax', 'descriptor']],
    ['a declined card: no "DECLINED" authorization, no statement line (nothing was charged)',
      receipt({ status: 0, authStatus: 'DECLINED' }), ['operation', 'date', 'merchant', 'card', 'name', 'concept', 'tax']],
    ['a pending card keeps its statement line (the charge may still appear)',
      receipt({ status: -1, authStatus: 'PENDING' }), ['operation', 'date', 'merchant', 'card', 'name', 'concept', 'tax', 'descriptor']],
    ['a cash voucher still to pay: its code, where to pay, the deadline; no "PENDING" authorization, no card statement',
      cash(0, 'PENDING'), ['operation', 'date', 'merchant', 'method', 'concept', 'voucherCode', 'voucherWhere', 'voucherDeadline', 'tax']],
    ['a paid voucher: the code it was paid with; never "Autorización: PAID"',
      cash(2, 'PAID'), ['operation', 'date', 'merchant', 'method', 'concept', 'voucherCode', 'tax']],
    ['a lapsed voucher (SPEC 4 "3 declined"): no deadline or place to pay any more',
      cash(3, 'EXPIRED'), ['operation', 'date', 'merchant', 'method', 'concept', 'voucherCode', 'tax']],
    ['a pending voucher without a known deadline shows where, not when',
      receipt({ ...cash(0, 'PENDING'), expirationDate: '' }), ['operation', 'date', 'merchant', 'method', 'concept', 'voucherCode', 'voucherWhere', 'tax']],
    ['Nequi: the method, no card statement line, no "APPROVED"',
      receipt({ typeMethod: 'NEQUI', cardType: '', displayNum: '', taxAmount: 0 }), ['operation', 'date', 'merchant', 'method', 'name', 'concept']],
    ['a reference that is not the operation number again is shown',
      receipt({ typeMethod: 'YAPPY', cardType: '', displayNum: '', reference: 'YP-99812' }), ['operation', 'date', 'merchant', 'method', 'name', 'concept', 'reference', 'tax']],
    ['a card payment refunded in part: what the merchant gave back, beside what was paid',
      receipt({ status: 2, refundedAmount: 5 }), ['operation', 'date', 'merchant', 'card', 'name', 'concept', 'refunded', 'tax', 'descriptor']],
    ['a cancelled crypto payment with coins owed back',
      receipt({ typeMethod: 'CRYPTO', cardType: '', displayNum: '', status: 0, authStatus: 'CANCELLED', refund: { amount: 0.001, coin: 'BTC', network: 'BTC', to: 'sbxbtc_1', status: 'pending' } }),
      ['operation', 'date', 'merchant', 'method', 'name', 'concept', 'refund', 'tax']],
    ['an approved crypto payment with coins beyond its quote: those coins, the payer\'s, and where they go back',
      receipt({ typeMethod: 'CRYPTO', cardType: '', displayNum: '', overpayment: { amount: 0.0012344, coin: 'BTC', network: 'BTC', to: 'sbxbtc_1', status: 'refunded' } }),
      ['operation', 'date', 'merchant', 'method', 'name', 'concept', 'overpayment', 'tax']],
    // each line only when it has something to say
    ['no date, no merchant name, no payer name, no concept: none of those lines',
      receipt({ date: '', merchant: null, name: '  ', txCtrl: null, concept: 'not description', taxAmount: 0 }), ['operation', 'card', 'descriptor']],
    ['a card known by its brand alone still shows its card line',
      receipt({ displayNum: '' }), ['operation', 'date', 'merchant', 'card', 'name', 'concept', 'tax', 'descriptor']],
    ['a card with neither brand nor number has no card line',
      receipt({ cardType: '', displayNum: '', typeMethod: 'CARD' }), ['operation', 'date', 'merchant', 'name', 'concept', 'tax', 'descriptor']],
    ['Nequi never shows a card line, whatever number it carries',
      receipt({ typeMethod: 'NEQUI', cardType: '', displayNum: '****1111', taxAmount: 0 }), ['operation', 'date', 'merchant', 'method', 'name', 'concept']],
    ['the payer\'s name from the link when the receipt has none',
      receipt({ name: null, txCtrl: { completeName: 'Rosa Díaz', description: 'Entradas de cine' } }), ['operation', 'date', 'merchant', 'card', 'name', 'concept', 'tax', 'descriptor']],
    ['a cash-point voucher still to pay reads as a voucher too',
      receipt({ ...cash(0, 'PENDING'), typeMethod: 'PC', network: 'PC' }), ['operation', 'date', 'merchant', 'method', 'concept', 'voucherCode', 'voucherWhere', 'voucherDeadline', 'tax']],
    ['a voucher without a code has no code line',
      receipt({ ...cash(2, 'PAID'), reference: '' }), ['operation', 'date', 'merchant', 'method', 'concept', 'tax']],
    ['a reference that is the operation number with spaces around it is not repeated',
      receipt({ typeMethod: 'YAPPY', cardType: '', displayNum: '', codOper: 'YP-99812', reference: ' YP-99812 ' }), ['operation', 'date', 'merchant', 'method', 'name', 'concept', 'tax']],
    ['nor the operation number with spaces around it',
      receipt({ typeMethod: 'YAPPY', cardType: '', displayNum: '', codOper: 'YP-99812 ', reference: 'YP-99812' }), ['operation', 'date', 'merchant', 'method', 'name', 'concept', 'tax']],
  ])('%s', (_why, r, fields) => {
    expect(receiptFields(r)).toEqual(fields);
  });
});

describe('an authorization is a code, never a status word (issue 21: "DECLINED" as authorization)', () => {
  it.each([
    ['004512', true], ['A1B2C3', true], [' 12345a ', true],
    ['APPROVED', false], ['DECLINED', false], ['PENDING', false], ['PAID', false], ['EXPIRED', false], ['PENDING_3DS', false],
    ['INSUFFICIENT_FUNDS', false], ['ABCDEF', false], ['12345', false], ['1234567', false], ['AUTH-1', false], ['', false], [null, false],
  ] as const)('%s -> %s', (text, code) => {
    expect(receiptFields(receipt({ authStatus: text })).includes('authorization')).toBe(code);
  });
});

describe('the concept: SPEC 5 "Defaults when missing: ... concept \'not description\'" is no concept', () => {
  it.each([
    [{ concept: 'Entradas de cine', txCtrl: { completeName: '', description: 'Otro' } }, 'Entradas de cine', 'the payer\'s concept'],
    [{ concept: 'not description', txCtrl: { completeName: '', description: 'Pedido 88' } }, 'Pedido 88', 'the wire default: the link\'s description'],
    [{ concept: '', txCtrl: { completeName: '', description: 'Pedido 88' } }, 'Pedido 88', 'none: the description'],
    [{ concept: 'not description', txCtrl: null }, '', 'neither: no line'],
    [{ concept: null, txCtrl: { completeName: '', description: 'not description' } }, '', 'the default in the description too'],
    [{ concept: ' Entradas de cine ', txCtrl: null }, 'Entradas de cine', 'read without the spaces around it'],
    [{ concept: ' not description ', txCtrl: { completeName: '', description: ' Pedido 88 ' } }, 'Pedido 88', 'the default with spaces is still the default'],
  ] as const)('%j -> "%s" (%s)', (r, text, _why) => {
    expect(receiptConcept(r)).toBe(text);
  });
});
