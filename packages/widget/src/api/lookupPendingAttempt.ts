import * as v from 'valibot';
import { PAYMENT_METHOD_IDS, SPECIFIC_ERROR_CODES, isPasarelaError, pendingAttemptCall } from '@pasarela/core';
import type { ApiClient } from './client';

const PendingAttemptSchema = v.object({
  method: v.picklist(PAYMENT_METHOD_IDS),
  codOper: v.pipe(v.string(), v.minLength(1)),
  expiresAt: v.nullable(v.string()),
  phone: v.optional(v.nullable(v.string()), null),
  challengeUrl: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(2048))),
});
export type PendingAttempt = v.InferOutput<typeof PendingAttemptSchema>;

/** A node from before answered 404 PAYMENT_NOT_FOUND instead of null. */
const PendingAnswerSchema = v.nullable(PendingAttemptSchema);

/** So the link opened again shows it instead of a second payment. */
export async function lookupPendingAttempt(api: ApiClient, code: string): Promise<PendingAttempt | null> {
  const call = pendingAttemptCall(code);
  try {
    return await api.get(call.path, PendingAnswerSchema, call.query);
  } catch (error) {
    if (isPasarelaError(error) && error.status === 404 && error.code === SPECIFIC_ERROR_CODES.paymentNotFound) return null;
    throw error;
  }
}
