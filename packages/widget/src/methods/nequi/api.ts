import * as v from 'valibot';
import type { ApiClient } from '../../api/client';
import type { LinkFields } from '../../payments/paymentContext';

/** The sandbox's Nequi answer (push, QR and status calls). */
export const NequiAnswerSchema = v.object({
  codOper: v.string(),
  status: v.number(),
  qrValue: v.optional(v.nullable(v.string()), null),
  phone: v.optional(v.nullable(v.string()), null),
  expiresAt: v.optional(v.nullable(v.string()), null),
});
export type NequiAnswer = v.InferOutput<typeof NequiAnswerSchema>;

/** SPEC 7 Nequi "send push (adds phone)": a notification to the payer's Nequi app. */
export function sendNequiPush(api: ApiClient, fields: LinkFields & { phone: string; trackId: string }): Promise<NequiAnswer> {
  return api.post('nequi/push', NequiAnswerSchema, fields);
}

/** SPEC 7 Nequi "GET generate QR (action, code, amount, taxAmount)". */
export function generateNequiQr(api: ApiClient, fields: LinkFields & { trackId: string; captchaToken?: string; pfFingerprint?: string }): Promise<NequiAnswer> {
  return api.get('nequi/qr', NequiAnswerSchema, {
    action: 'GENERATE', code: fields.code, amount: fields.amount, taxAmount: fields.taxAmount, email: fields.email, trackId: fields.trackId,
    // A GET carries the captcha token and the request's fingerprint id in its query.
    ...(fields.captchaToken ? { captchaToken: fields.captchaToken } : {}),
    ...(fields.pfFingerprint ? { pfFingerprint: fields.pfFingerprint, pfFingerprintIntegration: 'FINGER_PRINT' } : {}),
  });
}

/** SPEC 7 Nequi "validate payment QR": where the payment stands (also for a push); 410 (619) after the window, as Yappy's. */
export function nequiPaymentStatus(api: ApiClient, codOper: string): Promise<NequiAnswer> {
  return api.get(`nequi/payments/${encodeURIComponent(codOper)}`, NequiAnswerSchema);
}

/** The payer leaves the wait to pay another way: the push or QR can no longer be paid; answers where it stands. */
export function cancelNequiPayment(api: ApiClient, codOper: string): Promise<NequiAnswer> {
  return api.post(`nequi/payments/${encodeURIComponent(codOper)}/cancel`, NequiAnswerSchema, {});
}
