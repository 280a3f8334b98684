import * as v from 'valibot';
import { CashResultSchema } from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import type { LinkFields } from '../../payments/paymentContext';

export const CashVoucherSchema = v.object({
  ...CashResultSchema.entries,
  reference: v.optional(v.nullable(v.string()), null),
  expiresAt: v.optional(v.nullable(v.string()), null),
  resultCode: v.optional(v.nullable(v.union([v.string(), v.number()])), null),
  result: v.optional(v.nullable(v.string()), null),
});
export type CashVoucher = v.InferOutput<typeof CashVoucherSchema>;

export interface CashRequest extends LinkFields {
  cclw: string;
  customFieldValues: unknown[];
  trackId: string;
}

export function issuePayCashVoucher(api: ApiClient, request: CashRequest): Promise<CashVoucher> {
  return api.post('cash/pay-cash', CashVoucherSchema, request);
}

export function issueCashPointVoucher(api: ApiClient, request: CashRequest): Promise<CashVoucher> {
  return api.post('cash/cash-point', CashVoucherSchema, request);
}

export function cashVoucherStatus(api: ApiClient, codOper: string): Promise<CashVoucher> {
  return api.get(`cash/payments/${encodeURIComponent(codOper)}`, CashVoucherSchema);
}
