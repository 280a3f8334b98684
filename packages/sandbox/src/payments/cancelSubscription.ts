import type { Deps } from '../Deps';
import { merchantSubscriptionOf } from '../merchantView/merchantSubscription';
import { recordObjectEvent } from '../store/merchantEvents';
import { cancelMerchantSubscription, type MerchantSubscriptionRow } from '../store/subscriptions';

/**
 * docs/merchant-api.md "POST /subscriptions/:subscriptionKey/cancel": the merchant ends its
 * subscription. The database's conditional write decides (store/subscriptions.ts): no renewal is
 * claimed or sent once it commits, on any node; one claimed and not sent yet is called off in it, and
 * only one whose sending committed first goes on at the processor. The
 * `subscription.cancelled` event (docs/webhooks.md) is recorded in the same transaction, by the call
 * whose write changed the row, so once on any node; cancelling again answers the same cancelled
 * subscription and records none. Undefined when the merchant has no such subscription.
 */
export async function cancelSubscription(deps: Pick<Deps, 'db'>, merchantId: number, subscriptionKey: string): Promise<MerchantSubscriptionRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const cancelled = await cancelMerchantSubscription(tx, merchantId, subscriptionKey);
    if (cancelled?.cancelledNow) await recordObjectEvent(tx, merchantId, 'subscription.cancelled', merchantSubscriptionOf(cancelled.row));
    return cancelled?.row;
  });
}
