import * as v from 'valibot';
import type { ApiClient } from '../../api/client';
import type { LinkFields } from '../../payments/paymentContext';

export const YappyAnswerSchema = v.object({
  codOper: v.string(),
  status: v.number(),
  phone: v.optional(v.nullable(v.string()), null),
  /** In server time. */
  expiresAt: v.optional(v.nullable(v.string()), null),
});
export type YappyAnswer = v.InferOutput<typeof YappyAnswerSchema>;

export function requestYappyPayment(api: ApiClient, fields: LinkFields & { trackId: string }): Promise<YappyAnswer> {
  return api.post('yappy/payments', YappyAnswerSchema, fields);
}

export function yappyPaymentStatus(api: ApiClient, codOper: string): Promise<YappyAnswer> {
  return api.get(`yappy/payments/${encodeURIComponent(codOper)}`, YappyAnswerSchema);
}

export function cancelYappyPayment(api: ApiClient, codOper: string): Promise<YappyAnswer> {
  return api.post(`yappy/payments/${encodeURIComponent(codOper)}/cancel`, YappyAnswerSchema, {});
}
