import { CardAuthResponseSchema, type CardPaymentPayload, type Language } from '@pasarela/core';
import type { ApiClient } from './client';

/** POST subscription payment (SPEC 7: "requestPay with card info, activateSubscription{...}"): the card answer. */
export function paySubscription(api: ApiClient, subscriptionKey: string, payload: CardPaymentPayload, lang: Language) {
  return api.post(`subscriptions/${encodeURIComponent(subscriptionKey)}/pay`, CardAuthResponseSchema, {
    cardInformation: payload.cardInformation,
    email: payload.email,
    trackId: payload.additionalData.trackId,
    lang,
  });
}
