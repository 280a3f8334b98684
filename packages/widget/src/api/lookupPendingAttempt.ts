import * as v from 'valibot';
import { PAYMENT_METHOD_IDS, SPECIFIC_ERROR_CODES, isPasarelaError, pendingAttemptCall } from '@pasarela/core';
import type { ApiClient } from './client';

/**
 * The server's answer: the method, operation and deadline of the payment left pending, a wallet
 * phone's last four digits, and a card's 3DS challenge page.
 */
const PendingAttemptSchema = v.object({
  method: v.picklist(PAYMENT_METHOD_IDS),
  codOper: v.pipe(v.string(), v.minLength(1)),
  expiresAt: v.nullable(v.string()),
  phone: v.optional(v.nullable(v.string()), null),
  challengeUrl: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(2048))),
});
export type PendingAttempt = v.InferOutput<typeof PendingAttemptSchema>;

/** "None" is an answer with no data; a node from before that answered 404 PAYMENT_NOT_FOUND instead. */
const PendingAnswerSchema = v.nullable(PendingAttemptSchema);

/**
 * GET the payment of the link `code` still pending (started in this browser or another), so the
 * link opened again shows it instead of a second payment. Null when there is none. The server may
 * have answered it inside the page (core waitingCalls).
 */
export async function lookupPendingAttempt(api: ApiClient, code: string): Promise<PendingAttempt | null> {
  const call = pendingAttemptCall(code);
  try {
    return await api.get(call.path, PendingAnswerSchema, call.query);
  } catch (error) {
    if (isPasarelaError(error) && error.status === 404 && error.code === SPECIFIC_ERROR_CODES.paymentNotFound) return null;
    throw error;
  }
}
