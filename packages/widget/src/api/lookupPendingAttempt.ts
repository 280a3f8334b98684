import * as v from 'valibot';
import { PAYMENT_METHOD_IDS, SPECIFIC_ERROR_CODES, isPasarelaError } from '@pasarela/core';
import type { ApiClient } from './client';

/** The server's answer: the method, operation and deadline of the payment left pending, nothing personal. */
const PendingAttemptSchema = v.object({
  method: v.picklist(PAYMENT_METHOD_IDS),
  codOper: v.pipe(v.string(), v.minLength(1)),
  expiresAt: v.nullable(v.string()),
});
export type PendingAttempt = v.InferOutput<typeof PendingAttemptSchema>;

/** "None" is an answer with no data; a node from before that answered 404 PAYMENT_NOT_FOUND instead. */
const PendingAnswerSchema = v.nullable(PendingAttemptSchema);

/**
 * GET the payment of the link `code` still pending (the payer closed the checkout during a wait),
 * so the link opened again waits on it instead of paying twice. Null when there is none.
 */
export async function lookupPendingAttempt(api: ApiClient, code: string): Promise<PendingAttempt | null> {
  try {
    return await api.get('payments/pending', PendingAnswerSchema, { code });
  } catch (error) {
    if (isPasarelaError(error) && error.status === 404 && error.code === SPECIFIC_ERROR_CODES.paymentNotFound) return null;
    throw error;
  }
}
