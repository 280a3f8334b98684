import * as v from 'valibot';
import type { ApiClient } from '../../api/client';
import type { LinkFields } from '../../payments/paymentContext';

/** The sandbox's Yappy answer (request and status calls). */
export const YappyAnswerSchema = v.object({
  codOper: v.string(),
  status: v.number(),
  phone: v.optional(v.nullable(v.string()), null),
  /** The end of SPEC 9's 5-minute window, in server time. */
  expiresAt: v.optional(v.nullable(v.string()), null),
});
export type YappyAnswer = v.InferOutput<typeof YappyAnswerSchema>;

/** A payment request to the payer's Yappy app; the same trackId answers the first request again. */
export function requestYappyPayment(api: ApiClient, fields: LinkFields & { trackId: string }): Promise<YappyAnswer> {
  return api.post('yappy/payments', YappyAnswerSchema, fields);
}

/** Where the request stands: 422 payment_rejected when declined, 410 (619) after the window. */
export function yappyPaymentStatus(api: ApiClient, codOper: string): Promise<YappyAnswer> {
  return api.get(`yappy/payments/${encodeURIComponent(codOper)}`, YappyAnswerSchema);
}

/** The payer leaves the wait to pay another way: the request can no longer be paid; answers where it stands. */
export function cancelYappyPayment(api: ApiClient, codOper: string): Promise<YappyAnswer> {
  return api.post(`yappy/payments/${encodeURIComponent(codOper)}/cancel`, YappyAnswerSchema, {});
}
