import { PaymentAttemptSchema, SPECIFIC_ERROR_CODES, isPasarelaError, type PaymentAttempt } from '@pasarela/core';
import type { ApiClient } from './client';

/** The server's record of one payment attempt, found by the trackId the widget sent with it (core's schema). */
export type AttemptRecord = PaymentAttempt;

/**
 * GET the attempt made with `trackId`: what became of a payment whose answer was lost. Resolves null
 * when the server has none (404 PAYMENT_NOT_FOUND: the request never arrived); any other failure throws.
 */
export async function lookupAttempt(api: ApiClient, trackId: string): Promise<AttemptRecord | null> {
  try {
    return await api.get(`payments/attempts/${encodeURIComponent(trackId)}`, PaymentAttemptSchema);
  } catch (error) {
    if (isPasarelaError(error) && error.status === 404 && error.code === SPECIFIC_ERROR_CODES.paymentNotFound) return null;
    throw error;
  }
}
