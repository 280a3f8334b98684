import {
  PaymentStationSchema, PendingSubscriptionSchema, checkoutTargetCall, stationPaymentInfo, stationTakesPayerAmount, subscriptionPaymentInfo,
  type CheckoutType, type PaymentInfo, type PendingSubscription,
} from '@pasarela/core';
import type { ApiClient } from './client';
import { loadPaymentInfo } from './loadPaymentInfo';

/** What a checkout pays: a link's payment info, or one built from a station or a subscription's plan. */
export interface CheckoutTarget {
  info: PaymentInfo;
  /** Set for type subs: the plan the payment activates. */
  subscription?: PendingSubscription | undefined;
  /** A station without a price: the payer enters the amount before choosing a method. */
  payerAmount?: boolean | undefined;
}

/** SPEC 2 "Widget payment types: lk, slug, slugCode, subs, ps". */
export async function loadCheckoutTarget(api: ApiClient, type: CheckoutType, code: string): Promise<CheckoutTarget> {
  if (type === 'ps') {
    // SPEC 8 "3001 payment station not found": the sandbox answers 404 { code: 3001 }.
    const station = await api.get(checkoutTargetCall(type, code).path, PaymentStationSchema);
    return { info: stationPaymentInfo(station), payerAmount: stationTakesPayerAmount(station) };
  }
  if (type === 'subs') {
    const subscription = await api.get(checkoutTargetCall(type, code).path, PendingSubscriptionSchema);
    return { info: subscriptionPaymentInfo(subscription), subscription };
  }
  return { info: await loadPaymentInfo(api, type, code) };
}
