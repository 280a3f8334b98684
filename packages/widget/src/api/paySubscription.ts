import { CardAuthResponseSchema, buildSubscriptionProcessTx, type CardPaymentPayload, type SubscriptionToActivate } from '@pasarela/core';
import type { ApiClient } from './client';

export function paySubscription(api: ApiClient, subscription: SubscriptionToActivate & { idMerchant: number }, payload: CardPaymentPayload) {
  return api.post('process-tx', CardAuthResponseSchema, buildSubscriptionProcessTx(payload, subscription, subscription.idMerchant));
}
