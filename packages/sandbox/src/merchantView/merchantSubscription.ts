import { centsToAmount, subscriptionStatusName } from '@pasarela/core';
import type { MerchantSubscriptionRow } from '../store/subscriptions';

/**
 * A subscription as its merchant sees it (docs/merchant-api.md "Subscriptions"): its plan, its
 * subscriber's e-mail, where it stands. `GET /subscriptions/:key` answers it, and a
 * `subscription.cancelled` event carries it as its `data` (docs/webhooks.md).
 */
export function merchantSubscriptionOf(row: MerchantSubscriptionRow) {
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
