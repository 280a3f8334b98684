import { centsToAmount, subscriptionStatusName } from '@pasarela/core';

/** The columns a merchant sees of a subscription (a subscriptions row with its plan and the merchant's currency: store MerchantSubscriptionRow). */
export interface SubscriptionFacts {
  subscription_key: string;
  plan_id: number;
  plan_name: string;
  plan_amount_cents: number;
  plan_period: string;
  currency: string;
  email: string;
  status: number;
  next_charge_at: Date | null;
  created_at: Date;
  cancelled_at: Date | null;
}

/**
 * A subscription as its merchant sees it (docs/merchant-api.md "Subscriptions"): its plan, its
 * subscriber's e-mail, where it stands. `GET /subscriptions/:key` answers it, and a
 * `subscription.cancelled` event carries it as its `data` (docs/webhooks.md).
 */
export function merchantSubscriptionOf(row: SubscriptionFacts) {
  const status = subscriptionStatusName(row.status);
  return {
    subscriptionKey: row.subscription_key,
    plan: { idPlan: row.plan_id, name: row.plan_name, amount: centsToAmount(row.plan_amount_cents), period: row.plan_period, currency: row.currency },
    email: row.email,
    status,
    /** When its card is charged next: null while pending (never paid) and once cancelled. */
    nextChargeAt: status === 'active' && row.next_charge_at ? new Date(row.next_charge_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at).toISOString() : null,
  };
}
