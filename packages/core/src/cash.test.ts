import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CashResultSchema, cashPointResult, declinedCashRecord, payCashResultStatus } from './cash';

describe('SPEC 4 cash results', () => {
  it.each([
    ['1|OP-77', { success: true, codOper: 'OP-77', message: '' }],
    [' 1 | OP-77 ', { success: true, codOper: 'OP-77', message: '' }],
    ['0|Fondos insuficientes', { success: false, codOper: null, message: '0|Fondos insuficientes' }],
    ['Kiosco fuera de servicio', { success: false, codOper: null, message: 'Kiosco fuera de servicio' }],
    ['1', { success: false, codOper: null, message: '1' }],
    ['1|OP|77', { success: true, codOper: 'OP|77', message: '' }],
  ])('"A cash-point result text is split by a pipe": %j', (text, result) => {
    expect(cashPointResult(text)).toEqual(result);
  });

  it.each([
    ['100', 0], [' 100', 0], ['1', 0], [123, 0], ['0100', 3], ['0', 3], ['200', 3], ['', 3],
  ])('"A pay-cash result code starting with 1 means success (status 0) and otherwise declined (status 3)": %j -> %s', (code, status) => {
    expect(payCashResultStatus(code)).toBe(status);
  });

  it('"a cash failure builds a declined record"', () => {
    const r = declinedCashRecord({ totalAmount: 10, at: Date.UTC(2026, 10, 21, 15, 0, 0), type: 'CASH', user: 'ana@example.com', message: 'Fallo' });
    expect(r).toEqual({ totalAmount: '10.00', stringDate: '21/11/2026', stringHour: '10:00:00', type: 'CASH', Oper: '', user: 'ana@example.com', status: 3, message: 'Fallo' });
    expect(v.safeParse(CashResultSchema, r).success).toBe(true);
  });
});
