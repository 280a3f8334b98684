import * as v from 'valibot';
import { SPECIFIC_ERROR_CODES, isPasarelaError } from '@pasarela/core';
import type { ApiClient } from './client';

/** The server's record of one payment attempt, found by the trackId the widget sent with it. */
export const AttemptRecordSchema = v.object({
  trackId: v.string(),
  codOper: v.string(),
  method: v.string(),
  status: v.optional(v.nullable(v.number()), null),
  result: v.picklist(['APPROVED', 'PENDING', 'DECLINED']),
  authStatus: v.optional(v.nullable(v.string()), null),
  messageSys: v.optional(v.nullable(v.string()), null),
  redirectUrl: v.optional(v.nullable(v.string()), null),
  expiresAt: v.optional(v.nullable(v.string()), null),
});
export type AttemptRecord = v.InferOutput<typeof AttemptRecordSchema>;

/**
 * GET the attempt made with `trackId`: what became of a payment whose answer was lost. Resolves null
 * when the server has none (404 PAYMENT_NOT_FOUND: the request never arrived); any other failure throws.
 */
export async function lookupAttempt(api: ApiClient, trackId: string): Promise<AttemptRecord | null> {
  try {
    return await api.get(`payments/attempts/${encodeURIComponent(trackId)}`, AttemptRecordSchema);
  } catch (error) {
    if (isPasarelaError(error) && error.status === 404 && error.code === SPECIFIC_ERROR_CODES.paymentNotFound) return null;
    throw error;
  }
}
