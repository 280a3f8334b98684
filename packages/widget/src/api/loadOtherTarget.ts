import {
  PaymentStationSchema, PendingSubscriptionSchema, checkoutTargetCall, stationPaymentInfo, stationTakesPayerAmount, subscriptionPaymentInfo,
} from '@pasarela/core';
import type { ApiClient } from './client';
import type { CheckoutTarget } from './loadCheckoutTarget';

// A station's and a subscription's checkout, a chunk of its own: most checkouts pay a link.

/** SPEC 2 types ps and subs: the payment built from the station or the subscription's plan. */
export async function loadOtherTarget(api: ApiClient, type: 'ps' | 'subs', code: string): Promise<CheckoutTarget> {
  if (type === 'ps') {
    // SPEC 8 "3001 payment station not found": the sandbox answers 404 { code: 3001 }.
    const station = await api.get(checkoutTargetCall(type, code).path, PaymentStationSchema);
    return { info: stationPaymentInfo(station), payerAmount: stationTakesPayerAmount(station) };
  }
  const subscription = await api.get(checkoutTargetCall(type, code).path, PendingSubscriptionSchema);
  return { info: subscriptionPaymentInfo(subscription), subscription };
}
