import * as v from 'valibot';
import { SubscriptionSchema, type Subscription, type SubscriptionStatus } from './subscriptionAnswer';
import { segment, type Http, type ListParams, type PostOptions } from './http';
import type { PagePromise } from './pagePromise';

// docs/merchant-api.md "Subscriptions": the subscriptions to your plans.

export { SubscriptionSchema, type Subscription, type SubscriptionStatus } from './subscriptionAnswer';

const SubscriptionPageSchema = v.looseObject({ data: v.array(SubscriptionSchema), hasMore: v.boolean(), nextCursor: v.nullable(v.string()) });

export interface ListSubscriptionsParams extends ListParams {
  status?: SubscriptionStatus;
  /** Only this subscriber's (in any case). */
  email?: string;
}

export interface Subscriptions {
  /** Newest first: await one page, or `for await` over every subscription. */
  list(params?: ListSubscriptionsParams): PagePromise<Subscription>;
  retrieve(subscriptionKey: string): Promise<Subscription>;
  /** Ends it: no later charge is made (a renewal already at the processor may finish). Cancelling again answers it as it is. */
  cancel(subscriptionKey: string, options?: PostOptions): Promise<Subscription>;
}

export const subscriptions = (http: Http): Subscriptions => ({
  list: (params = {}) => http.list('/subscriptions', params, SubscriptionPageSchema),
  retrieve: (key) => http.call('GET', `/subscriptions/${segment(key)}`, SubscriptionSchema),
  cancel: (key, options) => http.call('POST', `/subscriptions/${segment(key)}/cancel`, SubscriptionSchema, {}, options),
});
