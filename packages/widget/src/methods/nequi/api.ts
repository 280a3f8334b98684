import * as v from 'valibot';
import type { ApiClient } from '../../api/client';
import type { LinkFields } from '../../payments/paymentContext';

export const NequiAnswerSchema = v.object({
  codOper: v.string(),
  status: v.number(),
  qrValue: v.optional(v.nullable(v.string()), null),
  phone: v.optional(v.nullable(v.string()), null),
  expiresAt: v.optional(v.nullable(v.string()), null),
});
export type NequiAnswer = v.InferOutput<typeof NequiAnswerSchema>;

export function sendNequiPush(api: ApiClient, fields: LinkFields & { phone: string; trackId: string }): Promise<NequiAnswer> {
  return api.post('nequi/push', NequiAnswerSchema, fields);
}

export function generateNequiQr(api: ApiClient, fields: LinkFields & { trackId: string; captchaToken?: string; pfFingerprint?: string }): Promise<NequiAnswer> {
  return api.get('nequi/qr', NequiAnswerSchema, {
    action: 'GENERATE', code: fields.code, amount: fields.amount, taxAmount: fields.taxAmount, email: fields.email, trackId: fields.trackId,
    // A GET carries the captcha token and the request's fingerprint id in its query.
    ...(fields.captchaToken ? { captchaToken: fields.captchaToken } : {}),
    ...(fields.pfFingerprint ? { pfFingerprint: fields.pfFingerprint, pfFingerprintIntegration: 'FINGER_PRINT' } : {}),
  });
}

/** Also for a push; 410 (619) after the window, as Yappy's. */
export function nequiPaymentStatus(api: ApiClient, codOper: string): Promise<NequiAnswer> {
  return api.get(`nequi/payments/${encodeURIComponent(codOper)}`, NequiAnswerSchema);
}

export function cancelNequiPayment(api: ApiClient, codOper: string): Promise<NequiAnswer> {
  return api.post(`nequi/payments/${encodeURIComponent(codOper)}/cancel`, NequiAnswerSchema, {});
}
