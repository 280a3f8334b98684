import { CardAuthResponseSchema, type CardPaymentPayload } from '@pasarela/core';
import type { ApiClient } from './client';

/** POST card auth-capture. One call per Pay click; the payload's trackId makes a repeat harmless. */
export function payWithCard(api: ApiClient, payload: CardPaymentPayload) {
  return api.post('cards/auth-capture', CardAuthResponseSchema, payload);
}
