import type { CardPaymentPayload } from './cardPaymentSchema';
import { SERVICE_CODES } from './constants';

// The server's schema is subscriptionPaymentSchema.ts, apart so the checkout does not ship it.

export interface SubscriptionToActivate {
  idSubscription: number;
  subscriptionKey: string;
  /** The plan's amount: what requestPay names, also for a plan that charges nothing today. */
  plan: { amount: number };
}

interface SubscriptionProcessTx {
  requestPay: CardPaymentPayload;
  activateSubscription: Pick<SubscriptionToActivate, 'idSubscription' | 'subscriptionKey'>;
  serviceCode: typeof SERVICE_CODES.subscription;
  idMerchant: number;
}

export function buildSubscriptionProcessTx(requestPay: CardPaymentPayload, subscription: SubscriptionToActivate, idMerchant: number): SubscriptionProcessTx {
  return {
    requestPay: { ...requestPay, amount: subscription.plan.amount },
    activateSubscription: { idSubscription: subscription.idSubscription, subscriptionKey: subscription.subscriptionKey },
    serviceCode: SERVICE_CODES.subscription,
    idMerchant,
  };
}
