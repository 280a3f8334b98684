import * as v from 'valibot';
import { CASH_PENDING_MS } from './constants';
import { formatPanamaDate, formatPanamaTime } from './panamaTime';
import { amountText } from './money';
import { NumberLike, optionalText } from './schemaParts';

// SPEC 3 "Cash result", SPEC 4's cash results and SPEC 9's 24-hour voucher, for cash and cash-point payments.

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

/** SPEC 4 "Cash payment results: status 0 success, 3 declined". */
export const CASH_RESULT_STATUS = { success: 0, declined: 3 } as const;

/**
 * SPEC 4 "A cash-point result text is split by a pipe: first part 1 means success and the second
 * part is the operation code; otherwise the text is the message."
 */
export function cashPointResult(text: string): { success: boolean; codOper: string | null; message: string } {
  const [first, ...rest] = text.split('|');
  if (first?.trim() === '1' && rest.length > 0) return { success: true, codOper: rest.join('|').trim(), message: '' };
  return { success: false, codOper: null, message: text };
}

/**
 * SPEC 4 "A pay-cash result code starting with 1 means success (status 0) and otherwise declined
 * (status 3); a 0 prefix is declined."
 */
export function payCashResultStatus(code: string | number): 0 | 3 {
  return String(code).trim().startsWith('1') ? CASH_RESULT_STATUS.success : CASH_RESULT_STATUS.declined;
}

/** SPEC 4 "a cash failure builds a declined record and notifies". */
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

/** SPEC 9 "Pending cash transactions last 24 hours": when a voucher issued at `issuedAt` expires. */
export function cashVoucherExpiresAt(issuedAt: number = Date.now()): Date {
  return new Date(issuedAt + CASH_PENDING_MS);
}
