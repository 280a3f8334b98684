import * as v from 'valibot';
import type { Open } from './answers';
import { segment, type Http, type ListParams, type PostOptions } from './http';
import type { PagePromise } from './pagePromise';

// docs/merchant-api.md "Subscriptions": the subscriptions to your plans.

const open = <Known extends string>() => v.custom<Open<Known>>((x) => typeof x === 'string', 'expected a string');

export type SubscriptionStatus = Open<'pending' | 'active' | 'cancelled'>;

export const SubscriptionSchema = v.looseObject({
  /** Each of its charges names it (a transaction's `subscriptionKey`). */
  subscriptionKey: v.string(),
  plan: v.looseObject({ idPlan: v.number(), name: v.string(), amount: v.number(), period: v.string(), currency: v.string() }),
  email: v.string(),
  /** pending (never paid), active (charged each period), cancelled (no later charge). */
  status: open<'pending' | 'active' | 'cancelled'>(),
  /** Null while pending and once cancelled. */
  nextChargeAt: v.nullable(v.string()),
  createdAt: v.string(),
  cancelledAt: v.nullable(v.string()),
});
export type Subscription = v.InferOutput<typeof SubscriptionSchema>;

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
