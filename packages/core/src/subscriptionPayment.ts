import type { CardPaymentPayload } from './cardPaymentSchema';
import { SERVICE_CODES } from './constants';

// SPEC 7 "POST subscription payment via process tx (requestPay with card info,
// activateSubscription{idSubscription, subscriptionKey}, serviceCode, idMerchant)". The schema the
// server checks it with is subscriptionPaymentSchema.ts, apart so that the checkout does not ship it.

/** SPEC 3 "activateSubscription (idSubscription, subscriptionKey)": the subscription a payment activates. */
export interface SubscriptionToActivate {
  idSubscription: number;
  subscriptionKey: string;
}

interface SubscriptionProcessTx {
  /** The card payment (SPEC 3 "Card payment payload") that activates the subscription. */
  requestPay: CardPaymentPayload;
  activateSubscription: SubscriptionToActivate;
  /** SPEC 9 "subscription uses REC". */
  serviceCode: typeof SERVICE_CODES.subscription;
  idMerchant: number;
}

/** The process-tx body of a subscription's activating card payment (SPEC 7). */
export function buildSubscriptionProcessTx(requestPay: CardPaymentPayload, subscription: SubscriptionToActivate, idMerchant: number): SubscriptionProcessTx {
  return {
    requestPay,
    activateSubscription: { idSubscription: subscription.idSubscription, subscriptionKey: subscription.subscriptionKey },
    serviceCode: SERVICE_CODES.subscription,
    idMerchant,
  };
}
