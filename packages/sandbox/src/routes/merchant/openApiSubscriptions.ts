import { SUBSCRIPTION_STATUSES } from './subscriptions';
import { CURSOR_PATTERN, PAGE_LIMIT } from './merchantSchemas';

// The merchant's subscriptions in the OpenAPI document (openApiDocument.ts merges them in);
// docs/merchant-api.md "Subscriptions" says the same.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const dateTime = (description: string) => ({ type: 'string', format: 'date-time', description });

const AT = '2026-11-26T15:04:05.000Z';
const active = {
  subscriptionKey: 'SUB3F9A1C7E2B04', plan: { idPlan: 7, name: 'Plan mensual', amount: 12.34, period: 'MO', currency: 'USD' }, email: 'pagador@example.com',
  status: 'active', nextChargeAt: '2026-12-26T15:04:05.000Z', createdAt: AT, cancelledAt: null,
};
const cancelled = { ...active, status: 'cancelled', nextChargeAt: null, cancelledAt: '2026-12-01T10:00:00.000Z' };

export const subscriptionSchemas = {
  Subscription: {
    type: 'object', required: ['subscriptionKey', 'plan', 'email', 'status', 'nextChargeAt', 'createdAt', 'cancelledAt'],
    properties: {
      subscriptionKey: { type: 'string', description: 'The subscription\'s key: its checkout is /pf/widget?type=subs&code=<subscriptionKey>; each of its charges names it (a transaction\'s subscriptionKey)' },
      plan: {
        type: 'object', required: ['idPlan', 'name', 'amount', 'period', 'currency'],
        properties: {
          idPlan: { type: 'integer', description: 'The plan it subscribes to' },
          name: { type: 'string' },
          amount: { type: 'number', minimum: 0, description: 'What each period charges (in the merchant\'s currency: USD with at most two decimals, COP in whole pesos)' },
          period: { type: 'string', description: 'How often it charges: MO (monthly), YR (yearly), ...' },
          currency: { type: 'string', enum: ['USD', 'COP'], description: 'The merchant\'s currency' },
        },
      },
      email: { type: 'string', description: 'The subscriber\'s e-mail' },
      status: { type: 'string', enum: SUBSCRIPTION_STATUSES, description: 'pending (made, never paid: its checkout takes the first payment), active (paid: its card is charged each period), cancelled (ended by you: no later charge, its checkout takes no payment)' },
      nextChargeAt: { type: ['string', 'null'], format: 'date-time', description: 'When its card is charged next; null while pending and once cancelled' },
      createdAt: dateTime('When it was made'),
      cancelledAt: { type: ['string', 'null'], format: 'date-time', description: 'When you cancelled it; null unless cancelled' },
    },
  },
  SubscriptionList: {
    type: 'object', required: ['data', 'hasMore', 'nextCursor'],
    properties: { data: { type: 'array', items: ref('Subscription') }, hasMore: { type: 'boolean' }, nextCursor: { type: ['string', 'null'] } },
  },
};

const subscriptionKey = { name: 'subscriptionKey', in: 'path', required: true, description: 'The subscription\'s key (SUB...)', schema: { type: 'string' } };

/** The subscriptions' operations; `errors` and `error` are the document's own answers. */
export function subscriptionPaths<A extends { description: string }>(errors: Record<string, A>, error: (description: string) => A, postErrors: Record<string, A>, idempotencyKey: unknown) {
  const ok = (description: string, schema: string, example: unknown) => ({ description, content: { 'application/json': { schema: ref(schema), example } } });
  const notFound = error('No such subscription of this merchant (`subscription_not_found`)');
  return {
    '/subscriptions': {
      get: {
        operationId: 'listSubscriptions', tags: ['Subscriptions'], summary: 'List subscriptions, newest first', description: 'The subscriptions to your plans, with where each stands; filter by status or the subscriber\'s e-mail.',
        parameters: [
          { name: 'limit', in: 'query', required: false, description: 'How many to answer', schema: { type: 'integer', minimum: 1, maximum: PAGE_LIMIT.max, default: PAGE_LIMIT.default } },
          { name: 'cursor', in: 'query', required: false, description: 'The `nextCursor` of the previous page', schema: { type: 'string', pattern: CURSOR_PATTERN } },
          { name: 'createdFrom', in: 'query', required: false, description: 'Created at or after (RFC 3339)', schema: { type: 'string', format: 'date-time' } },
          { name: 'createdTo', in: 'query', required: false, description: 'Created before (RFC 3339); after `createdFrom` (else a 400 `invalid_arguments`: the range holds nothing)', schema: { type: 'string', format: 'date-time' } },
          { name: 'status', in: 'query', required: false, description: 'Only subscriptions in this status', schema: { type: 'string', enum: SUBSCRIPTION_STATUSES } },
          { name: 'email', in: 'query', required: false, description: 'Only this subscriber\'s (the e-mail in any case)', schema: { type: 'string', format: 'email', maxLength: 254 } },
        ],
        responses: { '200': ok('A page of subscriptions', 'SubscriptionList', { data: [active], hasMore: false, nextCursor: null }), ...errors },
      },
    },
    '/subscriptions/{subscriptionKey}': {
      get: {
        operationId: 'getSubscription', tags: ['Subscriptions'], summary: 'Retrieve a subscription', description: 'Its plan, its subscriber, its status and when its card is charged next.',
        parameters: [subscriptionKey],
        responses: { '200': ok('The subscription', 'Subscription', active), ...errors, '404': notFound },
      },
    },
    '/subscriptions/{subscriptionKey}/cancel': {
      post: {
        operationId: 'cancelSubscription', tags: ['Subscriptions'], summary: 'Cancel a subscription',
        description: 'It ends: no later charge is made (a renewal already sent to the card processor before the cancel may still finish), and its checkout takes no payment. Cancelling a cancelled subscription answers it as it is.',
        parameters: [subscriptionKey, idempotencyKey],
        requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', additionalProperties: false }, example: {} } } },
        responses: { '200': ok('The subscription, cancelled', 'Subscription', cancelled), ...postErrors, '404': notFound },
      },
    },
  };
}
