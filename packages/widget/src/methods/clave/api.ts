import * as v from 'valibot';
import type { ApiClient } from '../../api/client';
import type { LinkFields } from '../../payments/paymentContext';

export const ClaveAnswerSchema = v.object({
  codOper: v.string(),
  status: v.number(),
  redirectUrl: v.optional(v.nullable(v.string()), null),
  /** CANCELLED once called off; the bank's own status when it answered first. */
  authStatus: v.optional(v.nullable(v.string()), null),
});
export type ClaveAnswer = v.InferOutput<typeof ClaveAnswerSchema>;

/** The same trackId answers it again. */
export function startClavePayment(api: ApiClient, fields: LinkFields & { trackId: string }): Promise<ClaveAnswer> {
  return api.post('clave/payments', ClaveAnswerSchema, fields);
}

export function clavePaymentStatus(api: ApiClient, codOper: string): Promise<ClaveAnswer> {
  return api.get(`clave/payments/${encodeURIComponent(codOper)}`, ClaveAnswerSchema);
}

/** Called off on the server before the payer chooses again; the answer is what the bank decided if it answered first. */
export function cancelClavePayment(api: ApiClient, codOper: string): Promise<ClaveAnswer> {
  return api.post(`clave/payments/${encodeURIComponent(codOper)}/cancel`, ClaveAnswerSchema, {});
}
