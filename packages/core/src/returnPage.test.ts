import { describe, expect, it } from 'vitest';
import { receiptOverallResult, returnAddress } from './returnPage';

describe('SPEC 4 "Overall result: 0 pending, 1 and 2 approved, 3 declined", read per method from a receipt', () => {
  it.each([
    [{ status: 1, typeMethod: 'CARD', cardType: 'VISA' }, 'APPROVED', 'card 1 approved'],
    [{ status: 0, typeMethod: 'CARD', cardType: 'VISA' }, 'DECLINED', 'card 0 declined'],
    [{ status: -1, typeMethod: 'CARD', cardType: 'MC' }, 'PENDING', 'card -1 pending'],
    [{ status: 0, typeMethod: 'CASH' }, 'PENDING', 'cash "0 and -1 pending"'],
    [{ status: 3, typeMethod: 'CASH' }, 'DECLINED', 'cash "3 declined"'],
    [{ status: 0, typeMethod: 'YAPPY' }, 'PENDING', 'yappy "-1 and 0 pending"'],
    [{ status: 0, typeMethod: 'YAPPY', authStatus: 'PENDING' }, 'PENDING', 'yappy 0 still waiting'],
    [{ status: 0, typeMethod: 'YAPPY', authStatus: 'DECLINED' }, 'DECLINED', 'yappy refused: its auth status says so'],
    [{ status: 0, typeMethod: 'NEQUI', authStatus: 'DECLINED' }, 'DECLINED', 'nequi refused (0 is not in "1 approved, -1 pending")'],
    [{ status: -1, typeMethod: 'NEQUI', authStatus: 'PENDING' }, 'PENDING', 'nequi "-1 pending"'],
    [{ status: 0, typeMethod: 'CRYPTO', authStatus: 'CANCELLED' }, 'DECLINED', 'crypto cancelled by the payer'],
    [{ status: 0, typeMethod: 'CRYPTO', authStatus: 'UNDERPAID' }, 'PENDING', 'crypto "all others pending"'],
    [{ status: 1, typeMethod: 'PFW' }, 'APPROVED', 'wallet 1 approved'],
  ] as const)('%j -> %s (%s)', (receipt, result, _rule) => {
    expect(receiptOverallResult(receipt)).toBe(result);
  });
});

describe('SPEC 3 "isReturn, returnUrl" and SPEC 5 "A URL is valid only with http or https"', () => {
  const base = { Oper: 'PP1', Estado: 'APPROVED' as const };
  it.each([
    [{ ...base, isReturn: true, returnUrl: 'https://shop.example/gracias' }, 'https://shop.example/gracias?Oper=PP1&Estado=APPROVED', 'goes back with Oper and Estado'],
    [{ ...base, isReturn: true, returnUrl: 'http://shop.example/r?order=7' }, 'http://shop.example/r?order=7&Oper=PP1&Estado=APPROVED', 'keeps the merchant\'s own query'],
    [{ ...base, isReturn: false, returnUrl: 'https://shop.example/gracias' }, null, 'isReturn false: stays'],
    [{ ...base, isReturn: true, returnUrl: 'javascript:alert(1)' }, null, 'not http(s): never followed'],
    [{ ...base, isReturn: true, returnUrl: '' }, null, 'no URL'],
  ] as const)('%j -> %s (%s)', (notification, address, _rule) => {
    expect(returnAddress(notification)).toBe(address);
  });
});
