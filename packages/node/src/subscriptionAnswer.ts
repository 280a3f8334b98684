import * as v from 'valibot';
import type { Open } from './answers';

// docs/merchant-api.md "Subscriptions": a subscription as the API answers it and a
// subscription.cancelled event carries it (apart from subscriptions.ts, which calls the API, so the
// events' types need not import the client).

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
