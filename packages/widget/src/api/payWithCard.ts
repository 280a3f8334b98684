import { CardAuthResponseSchema, type buildCardPaymentPayload } from '@pasarela/core';
import type { ApiClient } from './client';

/** POST card auth-capture. One call per Pay click; the payload's trackId makes a repeat harmless. */
export function payWithCard(api: ApiClient, payload: ReturnType<typeof buildCardPaymentPayload>) {
  return api.post('cards/auth-capture', CardAuthResponseSchema, payload);
}
