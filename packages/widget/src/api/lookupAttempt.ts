import { PaymentAttemptSchema, SPECIFIC_ERROR_CODES, isPasarelaError, type PaymentAttempt } from '@pasarela/core';
import type { ApiClient } from './client';

export type AttemptRecord = PaymentAttempt;

/** Null when the server has none (the request never arrived); any other failure throws. */
export async function lookupAttempt(api: ApiClient, trackId: string): Promise<AttemptRecord | null> {
  try {
    return await api.get(`payments/attempts/${encodeURIComponent(trackId)}`, PaymentAttemptSchema);
  } catch (error) {
    if (isPasarelaError(error) && error.status === 404 && error.code === SPECIFIC_ERROR_CODES.paymentNotFound) return null;
    throw error;
  }
}
