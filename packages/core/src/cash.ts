import * as v from 'valibot';
import { CASH_PENDING_MS } from './constants';
import { formatPanamaDate, formatPanamaTime } from './panamaTime';
import { amountText } from './money';
import { NumberLike, optionalText } from './schemaParts';

export const CashResultSchema = v.object({
  totalAmount: v.union([v.string(), v.number()]),
  stringDate: optionalText(),
  stringHour: optionalText(),
  type: optionalText(),
  Oper: optionalText(),
  user: optionalText(),
  status: NumberLike,
  message: optionalText(),
});
type CashResult = v.InferOutput<typeof CashResultSchema>;

export const CASH_RESULT_STATUS = { success: 0, declined: 3 } as const;

export function cashPointResult(text: string): { success: boolean; codOper: string | null; message: string } {
  const [first, ...rest] = text.split('|');
  if (first?.trim() === '1' && rest.length > 0) return { success: true, codOper: rest.join('|').trim(), message: '' };
  return { success: false, codOper: null, message: text };
}

export function payCashResultStatus(code: string | number): 0 | 3 {
  return String(code).trim().startsWith('1') ? CASH_RESULT_STATUS.success : CASH_RESULT_STATUS.declined;
}

export function declinedCashRecord(input: { totalAmount: number; at: Date | number; type: string; user: string; message: string }): CashResult {
  return {
    totalAmount: amountText(input.totalAmount),
    stringDate: formatPanamaDate(input.at),
    stringHour: formatPanamaTime(input.at),
    type: input.type,
    Oper: '',
    user: input.user,
    status: CASH_RESULT_STATUS.declined,
    message: input.message,
  };
}

export function cashVoucherExpiresAt(issuedAt: number = Date.now()): Date {
  return new Date(issuedAt + CASH_PENDING_MS);
}
