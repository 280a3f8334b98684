import type { Deps } from '../Deps';
import { cancelMerchantSubscription, type MerchantSubscriptionRow } from '../store/subscriptions';

/**
 * docs/merchant-api.md "POST /subscriptions/:subscriptionKey/cancel": the merchant ends its
 * subscription. The database's conditional write decides (store/subscriptions.ts): no renewal is
 * claimed once it commits, on any node; one claimed before it goes on at the processor. Cancelling
 * again answers the same cancelled subscription. Undefined when the merchant has no such subscription.
 */
export async function cancelSubscription(deps: Pick<Deps, 'db'>, merchantId: number, subscriptionKey: string): Promise<MerchantSubscriptionRow | undefined> {
  return cancelMerchantSubscription(deps.db, merchantId, subscriptionKey);
}
