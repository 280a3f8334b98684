import type { CheckoutType, PaymentInfo, PendingSubscription } from '@pasarela/core';
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
  if (type === 'ps' || type === 'subs') return (await import('./loadOtherTarget')).loadOtherTarget(api, type, code);
  return { info: await loadPaymentInfo(api, type, code) };
}
