import { CardAuthResponseSchema, buildSubscriptionProcessTx, type CardPaymentPayload, type SubscriptionToActivate } from '@pasarela/core';
import type { ApiClient } from './client';

/**
 * SPEC 7 "POST subscription payment via process tx (requestPay with card info,
 * activateSubscription{idSubscription, subscriptionKey}, serviceCode, idMerchant)": the card payment
 * that activates the subscription, answered as a card payment is.
 */
export function paySubscription(api: ApiClient, subscription: SubscriptionToActivate & { idMerchant: number }, payload: CardPaymentPayload) {
  return api.post('process-tx', CardAuthResponseSchema, buildSubscriptionProcessTx(payload, subscription, subscription.idMerchant));
}
