import { merchantSubscriptionOf } from '../../merchantView/merchantSubscription';
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { arrivalDateOf, type Currency } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import {
  findWebhookEndpoint, listEndpointDeliveries, listWebhookEndpoints, MAX_ENDPOINTS, queueTestDelivery, redeliver, type EndpointDeliveryRow, type WebhookEndpointRow,
} from '../../store/webhookEndpoints';
import { changeEndpoint, createEndpoint, removeEndpoint, rollSecret, typeTheEndpointRefuses } from '../../webhooks/webhookEndpoints';
import { webhookEventOf, WEBHOOK_EVENT_TYPES, type WebhookEventRow } from '../../merchantView/webhookEvent';
import { deliveryProgressOf } from '../../merchantView/deliveryProgress';
import { disputeEventDataOf } from '../../merchantView/merchantDispute';
import { merchantPayoutOf } from '../../merchantView/merchantPayout';
import { privateTargetsAllowed } from '../../webhooks/webhookTarget';
import { endpointTakes } from '../../webhooks/signature';
import { attemptHistoriesOf, type AttemptHistory } from '../../webhooks/attemptHistory';
import { acceptWebhookUrl, webhookUrlText } from '../webhookUrlRule';
import { idempotent } from './idempotency';
import { requireMerchantKey } from './merchantAuth';
import { bearerSecretKeyOf } from '../../store/merchantKeys';
import { findMerchant } from '../../store/merchants';
import { EmptySchema, parseInput } from './merchantSchemas';

const NO_STORE = { 'cache-control': 'no-store' };
export const MAX_OVERLAP_SECONDS = 7 * 86_400;
const DELIVERIES_SHOWN = 100;
/** The two lists answer all there is (at most 16 endpoints, an endpoint's last 100 deliveries): a parameter sent, `limit` included, is refused as on every other list, not ignored. */
const NoParameters = v.strictObject({});
const ENDPOINT_ID = /^we_[0-9a-f]{32}$/;
const DELIVERY_ID = /^(whd|evt)_[0-9a-f]{32}$/;

const url = webhookUrlText('url');
const events = v.pipe(
  v.array(v.picklist(['*', ...WEBHOOK_EVENT_TYPES], `events must list event types (${WEBHOOK_EVENT_TYPES.join(', ')}) or *`), 'events must be an array'),
  v.minLength(1, 'events must not be empty'),
  // Each type once, and * alone: it already names them all.
  v.transform((types) => (types.includes('*') ? ['*'] : [...new Set(types)])),
);
const CreateEndpoint = v.strictObject({ url, events: v.optional(events) });
const UpdateEndpoint = v.strictObject({ url: v.optional(url), events: v.optional(events) });
/** 0: the old secret or key stops at once. */
export const RollSchema = v.strictObject({
  expiresInSeconds: v.optional(v.pipe(
    v.number('expiresInSeconds must be a number'), v.integer('expiresInSeconds must be a whole number'),
    v.minValue(0, `expiresInSeconds must be from 0 to ${MAX_OVERLAP_SECONDS}`), v.maxValue(MAX_OVERLAP_SECONDS, `expiresInSeconds must be from 0 to ${MAX_OVERLAP_SECONDS}`),
  ), 0),
});
const TestEvent = v.strictObject({ type: v.picklist(WEBHOOK_EVENT_TYPES, `type must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`) });

const notFound = () => new ApiError(404, 'webhook_endpoint_not_found', 'No such webhook endpoint for this merchant');

/** Its secret only when new (create, roll). */
export function endpointAnswer(row: WebhookEndpointRow, withSecret = false) {
  const rolling = row.previous_secret_expires_at !== null && row.previous_secret_expires_at.getTime() > Date.now();
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    primary: row.is_primary,
    previousSecretExpiresAt: rolling && row.previous_secret_expires_at ? row.previous_secret_expires_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ...(withSecret ? { secret: row.secret } : {}),
  };
}

function deliveryAnswer(row: EndpointDeliveryRow, history: AttemptHistory) {
  return {
    id: row.id,
    eventId: row.event_id,
    test: row.test,
    ...deliveryProgressOf(row),
    ...history,
  };
}

/**
 * A sample payment's amounts in cents, in the merchant's currency as its real events are: 25.00 with
 * 1.75 of tax in dollars, 50000 with 9500 of IVA in pesos (whole pesos throughout).
 */
const SAMPLE_CENTS: Record<Currency, { amount: number; tax: number; refunded: number; captured: number; payout: number }> = {
  USD: { amount: 2500, tax: 175, refunded: 1000, captured: 2000, payout: 2567 },
  COP: { amount: 5_000_000, tax: 950_000, refunded: 2_000_000, captured: 4_000_000, payout: 5_712_000 },
};

/** Marked test; no real payment or link is named (a link payment's sample, so its linkCode is one made up). A dispute's, a payout's and a subscription's sample carry a dispute, a payout and a subscription, as their real events do. */
export function sampleEventOf(type: (typeof WEBHOOK_EVENT_TYPES)[number], merchant: { id: number; currency: Currency; country: string }): string {
  const hex = randomBytes(16).toString('hex');
  const declined = type === 'transaction.declined' || type === 'transaction.voided';
  const { currency } = merchant;
  const cents = SAMPLE_CENTS[currency];
  const total = cents.amount + cents.tax;
  const row: WebhookEventRow = {
    id: `evt_${hex}`, merchant_id: merchant.id, created_at: new Date(), state: 'pending', attempts: 0, next_attempt_at: new Date(),
    last_status_code: null, last_error: null, delivered_at: null, event_type: type,
    refund_made: type === 'transaction.refunded' || type === 'transaction.refund_failed'
      ? { id: `re_${hex}`, amountCents: cents.refunded, createdAt: new Date().toISOString(), ...(type === 'transaction.refund_failed' ? { failureReason: 'refused' as const } : {}) }
      : null,
    cod_oper: `PP${hex.slice(0, 12).toUpperCase()}`, method: 'card', currency,
    status: type === 'transaction.pending' ? -1 : declined ? 0 : 1,
    auth_status: type === 'transaction.pending' ? 'PENDING_3DS' : type === 'transaction.voided' ? 'CANCELLED' : declined ? 'INSUFFICIENT_FUNDS' : 'APPROVED',
    amount_cents: cents.amount, tax_cents: cents.tax, link_code: `LK${hex.slice(12, 24).toUpperCase()}`, order_reference: 'test-order', metadata: { test: 'true' },
    refunded_cents: type === 'transaction.refunded' ? cents.refunded : 0,
    payer_email: 'pagador@example.com', payer_name: 'Test Payer', card_brand: 'VISA', card_last4: '4242', phone: null, campaign_cents: 0,
    ...(type === 'transaction.voided' ? { cancel_reason: 'merchant' } : {}),
    // A manual payment's hold, part of it taken (20.00 of 26.75; 40000 of 59500 pesos).
    ...(type === 'transaction.captured' ? { tx_type: 'AUTH', hold_state: 'captured', captured_cents: cents.captured } : {}),
    // As a real one comes: a cash voucher paid at a kiosk after the payment was paid another way (a card's
    // late money is voided, and sends no event).
    ...(type === 'transaction.owed_to_payer' ? { method: 'cash', card_brand: null, card_last4: null, auth_status: 'CANCELLED', status: 0, cancel_reason: 'paid_elsewhere', owed_to_payer: { amountCents: total, state: 'owed' } } : {}),
    ...(type.startsWith('dispute.') ? {
      object: disputeEventDataOf({
        public_id: `dp_${hex}`, cod_oper: `PP${hex.slice(0, 12).toUpperCase()}`, amount_cents: total, currency, reason: 'fraudulent',
        stage: 'chargeback', taken_cents: type === 'dispute.closed' ? 0 : total,
        status: type === 'dispute.created' ? 'needs_response' : type === 'dispute.updated' ? 'under_review' : 'won',
        evidence_due_by: type === 'dispute.created' ? new Date(Date.now() + 7 * 86_400_000) : null,
        evidence: type === 'dispute.created' ? null : 'Signed delivery receipt', evidence_submitted_at: type === 'dispute.created' ? null : new Date(),
        created_at: new Date(), updated_at: new Date(),
      }),
    } : {}),
    ...(type === 'subscription.cancelled' ? {
      // A monthly plan's subscription, cancelled now: its plan's price is the sample's amount.
      object: merchantSubscriptionOf({
        subscription_key: `SUB${hex.slice(0, 12).toUpperCase()}`, plan_id: 1, plan_name: 'Test plan', plan_amount_cents: cents.amount, plan_period: 'MO', currency,
        email: 'pagador@example.com', status: 2, next_charge_at: null, created_at: new Date(Date.now() - 30 * 86_400_000), cancelled_at: new Date(),
      }),
    } : {}),
    ...(type.startsWith('payout.') ? {
      object: merchantPayoutOf({
        // Its arrival as a payout made now has it: the next business day in the merchant's country.
        id: `po_${hex}`, amount_cents: cents.payout, currency, status: type === 'payout.failed' ? 'failed' : 'paid',
        arrival_date: arrivalDateOf(new Date(), merchant.country),
        failure: type === 'payout.failed' ? 'returned_by_bank' : null, destination: '000123454321', created_at: new Date(), updated_at: new Date(),
      }),
    } : {}),
  };
  return JSON.stringify({ ...webhookEventOf(row), test: true });
}

/** docs/merchant-api.md "Webhook endpoints". */
export function webhookEndpointRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const merchantOf = (c: Context<AppEnv>) => requireMerchantKey(deps, c.req.header('authorization'));
  // The key that asks, for the changes only the current key may make.
  const callerKeyOf = (c: Context<AppEnv>) => bearerSecretKeyOf(c.req.header('authorization')) ?? '';
  // An answer holding a signing secret is kept sealed with the key that asked: a repeat under another
  // key (one being retired after a roll, which may not make these changes) is refused, not answered it.
  const secretAnswer = (c: Context<AppEnv>) => ({ sealWith: callerKeyOf(c) });
  const endpointOf = async (c: Context<AppEnv>, merchantId: number) => {
    const id = c.req.param('id') ?? '';
    const row = ENDPOINT_ID.test(id) ? await findWebhookEndpoint(deps.db, merchantId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };
  const allowPrivate = deps.allowPrivateWebhooks === true;
  // A test event or a redelivery sends to the stored URL: the rule again, as the delivery will apply it.
  const checkStoredUrl = (endpoint: WebhookEndpointRow) => acceptWebhookUrl(endpoint.url, privateTargetsAllowed(endpoint.private_allowed, allowPrivate), 'url');

  app.post('/', async (c) => {
    const merchantId = await merchantOf(c);
    return idempotent(c, deps, merchantId, async (input) => {
      const body = parseInput(CreateEndpoint, input, 'body');
      const privateAllowed = await acceptWebhookUrl(body.url, allowPrivate, 'url');
      const row = await createEndpoint(deps.db, merchantId, callerKeyOf(c), body.url, privateAllowed, body.events ?? ['*']);
      if (!row) throw new ApiError(409, 'webhook_endpoint_limit', `A merchant may have at most ${MAX_ENDPOINTS} webhook endpoints`);
      return [201, endpointAnswer(row, true)] as const;
    }, secretAnswer(c));
  });

  app.get('/', async (c) => {
    const merchantId = await merchantOf(c);
    parseInput(NoParameters, c.req.query(), 'query');
    const rows = await listWebhookEndpoints(deps.db, merchantId);
    return c.json({ data: rows.map((r) => endpointAnswer(r)), hasMore: false, nextCursor: null }, 200, NO_STORE);
  });

  app.get('/:id', async (c) => c.json(endpointAnswer(await endpointOf(c, await merchantOf(c))), 200, NO_STORE));

  const update = async (c: Context<AppEnv>) => {
    const merchantId = await merchantOf(c);
    return idempotent(c, deps, merchantId, async (input) => {
      const body = parseInput(UpdateEndpoint, input, 'body');
      const endpoint = await endpointOf(c, merchantId);
      // Nothing to change: the endpoint as it is, its updatedAt untouched.
      if (body.url === undefined && body.events === undefined) return [200, endpointAnswer(endpoint)] as const;
      const privateAllowed = body.url === undefined ? undefined : await acceptWebhookUrl(body.url, allowPrivate, 'url');
      const row = await changeEndpoint(deps.db, merchantId, callerKeyOf(c), endpoint.id, { ...body, privateAllowed });
      if (!row) throw notFound();
      return [200, endpointAnswer(row)] as const;
    });
  };
  app.patch('/:id', update);
  app.post('/:id', update);

  app.delete('/:id', async (c) => {
    const merchantId = await merchantOf(c);
    const endpoint = await endpointOf(c, merchantId);
    const row = await removeEndpoint(deps.db, merchantId, callerKeyOf(c), endpoint.id);
    if (!row) throw notFound();
    return c.json({ id: row.id, deleted: true }, 200, NO_STORE);
  });

  app.post('/:id/roll-secret', async (c) => {
    const merchantId = await merchantOf(c);
    return idempotent(c, deps, merchantId, async (input) => {
      const { expiresInSeconds } = parseInput(RollSchema, input, 'body');
      const endpoint = await endpointOf(c, merchantId);
      const row = await rollSecret(deps.db, merchantId, callerKeyOf(c), endpoint.id, expiresInSeconds);
      if (!row) throw notFound();
      return [200, endpointAnswer(row, true)] as const;
    }, secretAnswer(c));
  });

  app.get('/:id/deliveries', async (c) => {
    const endpoint = await endpointOf(c, await merchantOf(c));
    parseInput(NoParameters, c.req.query(), 'query');
    const rows = await listEndpointDeliveries(deps.db, endpoint, DELIVERIES_SHOWN);
    const historyOf = await attemptHistoriesOf(deps.db, rows.map((row) => row.id));
    return c.json({ data: rows.map((row) => deliveryAnswer(row, historyOf(row.id))), hasMore: false, nextCursor: null }, 200, NO_STORE);
  });

  app.post('/:id/deliveries/:deliveryId/redeliver', async (c) => {
    const merchantId = await merchantOf(c);
    return idempotent(c, deps, merchantId, async (input) => {
      parseInput(EmptySchema, input, 'body');
      const endpoint = await endpointOf(c, merchantId);
      await checkStoredUrl(endpoint);
      const deliveryId = c.req.param('deliveryId') ?? '';
      // Of a type the endpoint does not take, it would be skipped again, never sent.
      const refused = DELIVERY_ID.test(deliveryId) ? await typeTheEndpointRefuses(deps.db, endpoint, deliveryId) : null;
      if (refused) throw new ApiError(409, 'webhook_event_type_not_taken', `the endpoint does not take ${refused} events`);
      const row = DELIVERY_ID.test(deliveryId) ? await redeliver(deps.db, endpoint, deliveryId) : undefined;
      if (!row) throw new ApiError(404, 'webhook_delivery_not_found', 'No such delivery to this endpoint');
      return [202, deliveryAnswer(row, (await attemptHistoriesOf(deps.db, [row.id]))(row.id))] as const;
    });
  });

  app.post('/:id/test', async (c) => {
    const merchantId = await merchantOf(c);
    return idempotent(c, deps, merchantId, async (input) => {
      const { type } = parseInput(TestEvent, input, 'body');
      const endpoint = await endpointOf(c, merchantId);
      // Its real events of that type would never be sent to it: a sample would say otherwise.
      if (!endpointTakes(endpoint.events, type)) throw new ApiError(409, 'webhook_event_type_not_taken', `the endpoint does not take ${type} events`);
      await checkStoredUrl(endpoint);
      // Merchants are never deleted: the key just found names one.
      const merchant = await findMerchant(deps.db, merchantId);
      if (!merchant) throw new Error(`merchant ${merchantId} of a valid key not found`);
      const row = await queueTestDelivery(deps.db, endpoint, sampleEventOf(type, merchant));
      // Queued now: no attempt yet.
      return [202, deliveryAnswer(row, { attemptsRecorded: 0, recentAttempts: [] })] as const;
    });
  });

  return app;
}
