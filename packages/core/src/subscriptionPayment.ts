import type { CardPaymentPayload } from './cardPaymentSchema';
import { SERVICE_CODES } from './constants';

// The server's schema is subscriptionPaymentSchema.ts, apart so the checkout does not ship it.

export interface SubscriptionToActivate {
  idSubscription: number;
  subscriptionKey: string;
}

interface SubscriptionProcessTx {
  requestPay: CardPaymentPayload;
  activateSubscription: SubscriptionToActivate;
  serviceCode: typeof SERVICE_CODES.subscription;
  idMerchant: number;
}

export function buildSubscriptionProcessTx(requestPay: CardPaymentPayload, subscription: SubscriptionToActivate, idMerchant: number): SubscriptionProcessTx {
  return {
    requestPay,
    activateSubscription: { idSubscription: subscription.idSubscription, subscriptionKey: subscription.subscriptionKey },
    serviceCode: SERVICE_CODES.subscription,
    idMerchant,
  };
}
