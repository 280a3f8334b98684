import * as v from 'valibot';
import { CashResultSchema } from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import type { LinkFields } from '../../payments/paymentContext';

/**
 * SPEC 3 "Cash result" plus what a voucher needs: its 12-digit reference and its 24-hour end, and
 * the network's own result (pay-cash `resultCode`, cash-point `result` text "1|<codOper>").
 */
export const CashVoucherSchema = v.object({
  ...CashResultSchema.entries,
  reference: v.optional(v.nullable(v.string()), null),
  expiresAt: v.optional(v.nullable(v.string()), null),
  resultCode: v.optional(v.nullable(v.union([v.string(), v.number()])), null),
  result: v.optional(v.nullable(v.string()), null),
});
export type CashVoucher = v.InferOutput<typeof CashVoucherSchema>;

/** SPEC 7 "POST pay-cash/pagocash (cclw, amount, taxAmount, email, phone, concept, description, txChannel, customFieldValues, ...)". */
export interface CashRequest extends LinkFields {
  cclw: string;
  customFieldValues: unknown[];
  trackId: string;
}

/** SPEC 7 "POST pay-cash/pagocash": a voucher of the PAYCASH network. */
export function issuePayCashVoucher(api: ApiClient, request: CashRequest): Promise<CashVoucher> {
  return api.post('cash/pay-cash', CashVoucherSchema, request);
}

/** SPEC 7 "cash-point payment with the same shape": a voucher of the PC network. */
export function issueCashPointVoucher(api: ApiClient, request: CashRequest): Promise<CashVoucher> {
  return api.post('cash/cash-point', CashVoucherSchema, request);
}

/** Where a voucher stands: 0 pending, 2 paid, 3 lapsed (SPEC 4 cash statuses). */
export function cashVoucherStatus(api: ApiClient, codOper: string): Promise<CashVoucher> {
  return api.get(`cash/payments/${encodeURIComponent(codOper)}`, CashVoucherSchema);
}
