import {
  PaymentStationSchema, PendingSubscriptionSchema, checkoutTargetCall, stationPaymentInfo, stationTakesPayerAmount, subscriptionPaymentInfo,
  type PaymentInfo, type PendingSubscription,
} from '@pasarela/core';
import type { ApiClient } from './client';

// A chunk of its own: most checkouts pay a link.

export interface CheckoutTarget {
  info: PaymentInfo;
  subscription?: PendingSubscription | undefined;
  /** A station without a price: the payer enters the amount before choosing a method. */
  payerAmount?: boolean | undefined;
}

export async function loadOtherTarget(api: ApiClient, type: 'ps' | 'subs', code: string): Promise<CheckoutTarget> {
  if (type === 'ps') {
    // SPEC 8 "3001 payment station not found": the sandbox answers 404 { code: 3001 }.
    const station = await api.get(checkoutTargetCall(type, code).path, PaymentStationSchema);
    return { info: stationPaymentInfo(station), payerAmount: stationTakesPayerAmount(station) };
  }
  const subscription = await api.get(checkoutTargetCall(type, code).path, PendingSubscriptionSchema);
  return { info: subscriptionPaymentInfo(subscription), subscription };
}
