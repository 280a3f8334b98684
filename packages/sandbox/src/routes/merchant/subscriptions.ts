import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { SUBSCRIPTION_STATUS, type SubscriptionStatusName } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { cancelSubscription } from '../../payments/cancelSubscription';
import { findMerchantSubscription, listMerchantSubscriptions } from '../../store/subscriptions';
import { idempotent } from './idempotency';
import { pageOf, subscriptionAnswer } from './merchantAnswers';
import { requireMerchantKey } from './merchantAuth';
import { EmptySchema, listQuery, page, parseInput, queryOf } from './merchantSchemas';
import { cursorOf, positionOfCursor } from './listCursor';

const NO_STORE = { 'cache-control': 'no-store' };
export const SUBSCRIPTION_STATUSES = Object.keys(SUBSCRIPTION_STATUS) as SubscriptionStatusName[];
const SUBSCRIPTION_KEY = /^[A-Za-z0-9_-]{1,64}$/;

const ListSubscriptionsQuery = listQuery({
  ...page,
  status: v.optional(v.picklist(SUBSCRIPTION_STATUSES, `status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`)),
  email: v.optional(v.pipe(v.string('email must be an e-mail address'), v.trim(), v.maxLength(254, 'email must be an e-mail address'), v.email('email must be an e-mail address'))),
});

const subscriptionNotFound = () => new ApiError(404, 'subscription_not_found', 'No such subscription for this merchant');

/**
 * The merchant's subscriptions (docs/merchant-api.md "Subscriptions"): list, read, cancel. `merchantOf`
 * names whose: the merchant's key here, the merchant of the admin API's path for the console.
 */
export function merchantSubscriptionRoutes(deps: Deps, merchantOf: (c: Context<AppEnv>) => Promise<number> = (c) => requireMerchantKey(deps, c.req.header('authorization'))) {
  const app = new Hono<AppEnv>();
  const keyOf = (c: Context<AppEnv>) => {
    const key = c.req.param('subscriptionKey') ?? '';
    if (!SUBSCRIPTION_KEY.test(key)) throw subscriptionNotFound();
    return key;
  };

  app.get('/', async (c) => {
    const merchantId = await merchantOf(c);
    const q = parseInput(ListSubscriptionsQuery, queryOf(c), 'query');
    const rows = await listMerchantSubscriptions(deps.db, merchantId, {
      status: q.status === undefined ? undefined : SUBSCRIPTION_STATUS[q.status], email: q.email, createdFrom: q.createdFrom, createdTo: q.createdTo,
      beforeId: await positionOfCursor(deps.db, 'subscriptions', merchantId, q.cursor),
    }, q.limit + 1);
    const shown = rows.slice(0, q.limit);
    const last = shown.at(-1);
    return c.json(pageOf(shown.map(subscriptionAnswer), rows.length > q.limit && last ? cursorOf('subscriptions', last.subscription_key) : null), 200, NO_STORE);
  });

  app.get('/:subscriptionKey', async (c) => {
    const merchantId = await merchantOf(c);
    const found = await findMerchantSubscription(deps.db, merchantId, keyOf(c));
    if (!found) throw subscriptionNotFound();
    return c.json(subscriptionAnswer(found), 200, NO_STORE);
  });

  app.post('/:subscriptionKey/cancel', async (c) => {
    const merchantId = await merchantOf(c);
    return idempotent(c, deps, merchantId, async (input) => {
      parseInput(EmptySchema, input, 'body');
      const cancelled = await cancelSubscription(deps, merchantId, keyOf(c));
      if (!cancelled) throw subscriptionNotFound();
      return [200, subscriptionAnswer(cancelled)] as const;
    });
  });
  return app;
}
