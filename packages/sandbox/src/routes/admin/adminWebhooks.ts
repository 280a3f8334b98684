import { Hono } from 'hono';
import * as v from 'valibot';
import { scopedMerchant } from '../../auth/adminAccess';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { MAX_DB_INTEGER } from '../../http/idSchema';
import { parseOr400 } from '../../payments/validatePayload';
import { notifyAdminChange } from '../../changes/adminChanges';
import { deliveryProgressOf } from '../../merchantView/deliveryProgress';
import { webhookEventOf } from '../../merchantView/webhookEvent';
import { webhookUrlOf } from '../../store/merchants';
import { listWebhookDeliveries, redeliverWebhookEvent, webhookTargetOfEvent, type WebhookDeliveryRow } from '../../store/webhookEvents';
import { attemptHistoriesOf, type AttemptHistory } from '../../webhooks/attemptHistory';
import { typeThePrimaryRefuses } from '../../webhooks/webhookEndpoints';
import { privateTargetsAllowed } from '../../webhooks/webhookTarget';
import { acceptWebhookUrl, shownWebhookUrl } from '../webhookUrlRule';

const MAX_LISTED = 200;

function deliveryOf(row: WebhookDeliveryRow, history: AttemptHistory) {
  const event = webhookEventOf(row);
  // A dispute's event is about its payment, named in its body; a payout's is about none.
  const objectCodOper = event.data['codOper'];
  return {
    id: row.id,
    type: event.type,
    merchantId: row.merchant_id,
    codOper: row.cod_oper ?? (typeof objectCodOper === 'string' ? objectCodOper : null),
    url: shownWebhookUrl(row.webhook_url),
    ...deliveryProgressOf(row),
    ...history,
    body: event,
  };
}

const MERCHANT_ID_RANGE = `merchantId must be a whole number from 1 to ${MAX_DB_INTEGER}`;

/** The list's filters, as query strings: an empty one is none. Merchant ids start at 1, so 0 is refused, not a filter matching nothing. */
const WebhookListQuerySchema = v.object({
  merchantId: v.optional(v.pipe(v.string(), v.regex(/^[0-9]{1,10}$/, MERCHANT_ID_RANGE), v.transform(Number), v.minValue(1, MERCHANT_ID_RANGE), v.maxValue(MAX_DB_INTEGER, MERCHANT_ID_RANGE))),
  codOper: v.optional(v.pipe(v.string(), v.maxLength(64, 'codOper must be 1 to 64 characters'))),
});

/** Admin: the webhook outbox, newest first, and a way to send an event again. */
export function adminWebhookRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/webhooks', async (c) => {
    const q = parseOr400(WebhookListQuerySchema, { merchantId: c.req.query('merchantId') || undefined, codOper: c.req.query('codOper') || undefined });
    const asked = q.merchantId ?? null;
    // A merchant's key lists its own deliveries only, whatever merchantId it asks for.
    const own = scopedMerchant(c);
    const merchantId = own ?? asked;
    if (own !== undefined && asked !== null && asked !== own) return c.json({ webhooks: [] }, 200, { 'cache-control': 'no-store' });
    const codOper = q.codOper ?? null;
    const rows = await listWebhookDeliveries(deps.db, { merchantId, codOper, limit: MAX_LISTED });
    const historyOf = await attemptHistoriesOf(deps.db, rows.map((row) => row.id));
    return c.json({ webhooks: rows.map((row) => deliveryOf(row, historyOf(row.id))) }, 200, { 'cache-control': 'no-store' });
  });
  // Sends the same event (same id and body) again now, with a fresh retry schedule.
  app.post('/webhooks/:id/redeliver', async (c) => {
    // To the URL it would go to now, under the webhook-target rule the delivery applies.
    const target = await webhookTargetOfEvent(deps.db, c.req.param('id'), scopedMerchant(c));
    if (target?.webhook_url) await acceptWebhookUrl(target.webhook_url, privateTargetsAllowed(target.webhook_private_allowed, deps.allowPrivateWebhooks === true), 'webhookUrl');
    // Sent again, it would be skipped again: the endpoint has to take its type first.
    const refused = await typeThePrimaryRefuses(deps.db, c.req.param('id'), scopedMerchant(c));
    if (refused) throw new ApiError(409, 'webhook_event_type_not_taken', `the endpoint does not take ${refused} events`);
    const row = await redeliverWebhookEvent(deps.db, c.req.param('id'), scopedMerchant(c));
    if (!row) throw new ApiError(404, 'webhook_not_found', 'No such webhook event');
    await notifyAdminChange(deps.db, { type: 'webhook', id: row.id, state: row.state, merchantId: row.merchant_id });
    const historyOf = await attemptHistoriesOf(deps.db, [row.id]);
    return c.json(deliveryOf({ ...row, webhook_url: await webhookUrlOf(deps.db, row.merchant_id) }, historyOf(row.id)), 202);
  });
  return app;
}
