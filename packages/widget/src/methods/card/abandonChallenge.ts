import { CardAuthResponseSchema } from '@pasarela/core';
import type { ApiClient } from '../../api/client';

/**
 * The payer leaves the card payment's 3DS challenge for another card or method: the server calls
 * it off unless the challenge was completed first, and answers what the payment is now.
 */
export function abandonChallenge(api: ApiClient, codOper: string) {
  return api.post(`cards/payments/${encodeURIComponent(codOper)}/abandon`, CardAuthResponseSchema, {});
}
