import * as v from 'valibot';
import type { ApiClient } from '../../api/client';
import type { LinkFields } from '../../payments/paymentContext';

/** The sandbox's Clave answer: the payment, and on creation the bank's page to pay it on. */
export const ClaveAnswerSchema = v.object({
  codOper: v.string(),
  status: v.number(),
  redirectUrl: v.optional(v.nullable(v.string()), null),
});
export type ClaveAnswer = v.InferOutput<typeof ClaveAnswerSchema>;

/** SPEC 2 "clave initialization": the payment, waiting for the payer at the bank; the same trackId answers it again. */
export function startClavePayment(api: ApiClient, fields: LinkFields & { trackId: string }): Promise<ClaveAnswer> {
  return api.post('clave/payments', ClaveAnswerSchema, fields);
}

/** Where the payment stands (SPEC 4 Clave: 0 declined, 1 approved, -1 pending). */
export function clavePaymentStatus(api: ApiClient, codOper: string): Promise<ClaveAnswer> {
  return api.get(`clave/payments/${encodeURIComponent(codOper)}`, ClaveAnswerSchema);
}
