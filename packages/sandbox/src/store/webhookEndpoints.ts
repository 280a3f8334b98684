import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/Database';
import { deleteInBatches } from './deleteInBatches';
import { EVENT_DAYS } from './merchantEvents';

export interface WebhookEndpointRow {
  id: string;
  merchant_id: number;
  url: string;
  events: string[];
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  is_primary: boolean;
  /** Accepted under a rule that allowed private targets; null: before the rule was recorded (webhooks/webhookTarget.ts privateTargetsAllowed). */
  private_allowed: boolean | null;
  created_at: Date;
  updated_at: Date;
}

export const MAX_ENDPOINTS = 16;

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export async function listWebhookEndpoints(db: Queryable, merchantId: number): Promise<WebhookEndpointRow[]> {
  return db.query<WebhookEndpointRow>('select * from webhook_endpoints where merchant_id = $1 order by is_primary desc, created_at, id', [merchantId]);
}

export async function findWebhookEndpoint(db: Queryable, merchantId: number, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.query<WebhookEndpointRow>('select * from webhook_endpoints where id = $1 and merchant_id = $2', [id, merchantId]);
  return row;
}

/**
 * The merchant's row locked, first in the transaction of a change that counts its endpoints or moves
 * its primary. The statements after it see what another change committed meanwhile; within the
 * statement that waits for the lock they would not (it keeps the snapshot it started with), and two
 * adds at once each counted the endpoints without the other's.
 */
async function lockMerchantEndpoints(db: Queryable, merchantId: number): Promise<{ webhook_url: string | null } | undefined> {
  const [merchant] = await db.query<{ webhook_url: string | null }>('select webhook_url from merchants where id = $1 for update', [merchantId]);
  return merchant;
}

/** Undefined past MAX_ENDPOINTS. The first becomes the merchant's webhookUrl, for which the outbox records events. */
export async function insertWebhookEndpoint(db: Queryable, merchantId: number, url: string, events: readonly string[], privateAllowed: boolean): Promise<WebhookEndpointRow | undefined> {
  const merchant = await lockMerchantEndpoints(db, merchantId);
  if (!merchant) return undefined;
  const secret = newWebhookSecret();
  const [row] = await db.query<WebhookEndpointRow>(
    `insert into webhook_endpoints (merchant_id, url, events, secret, is_primary, private_allowed)
     select $1, $2, $3, $4, $5, $7 where (select count(*) from webhook_endpoints where merchant_id = $1) < $6
     returning *`,
    [merchantId, url, events, secret, merchant.webhook_url === null, MAX_ENDPOINTS, privateAllowed],
  );
  if (row?.is_primary) await db.query('update merchants set webhook_url = $2, webhook_secret = $3, webhook_private_allowed = $4 where id = $1', [merchantId, url, secret, privateAllowed]);
  return row;
}

/** A new URL comes with its record (`privateAllowed`). */
export async function updateWebhookEndpoint(db: Queryable, merchantId: number, id: string, change: { url?: string | undefined; privateAllowed?: boolean | undefined; events?: readonly string[] | undefined }): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.query<WebhookEndpointRow>(
    `update webhook_endpoints set url = coalesce($3, url), events = coalesce($4, events),
        private_allowed = case when $3::text is null then private_allowed else $5 end, updated_at = now()
      where id = $1 and merchant_id = $2 returning *`,
    [id, merchantId, change.url ?? null, change.events ?? null, change.privateAllowed ?? false],
  );
  if (row?.is_primary && change.url !== undefined) await db.query('update merchants set webhook_url = $2, webhook_private_allowed = $3 where id = $1', [merchantId, row.url, row.private_allowed]);
  return row;
}

/** The primary's place goes to the oldest other; what the primary had pending is no longer sent (migration 028). */
export async function deleteWebhookEndpoint(db: Queryable, merchantId: number, id: string): Promise<WebhookEndpointRow | undefined> {
  // Locked first: removed at once with the oldest other, the primary's place went to that one and was lost.
  if (!(await lockMerchantEndpoints(db, merchantId))) return undefined;
  const [row] = await db.query<WebhookEndpointRow>('delete from webhook_endpoints where id = $1 and merchant_id = $2 returning *', [id, merchantId]);
  if (row?.is_primary) await promoteOldestEndpoint(db, merchantId);
  return row;
}

/**
 * The primary endpoint removed as its DELETE removes it (the sandbox's new keys with `webhookUrl: null`);
 * the endpoint that takes its place, undefined when none is left.
 */
export async function deletePrimaryWebhookEndpoint(db: Queryable, merchantId: number): Promise<WebhookEndpointRow | undefined> {
  if (!(await lockMerchantEndpoints(db, merchantId))) return undefined;
  await db.query('delete from webhook_endpoints where merchant_id = $1 and is_primary', [merchantId]);
  return promoteOldestEndpoint(db, merchantId);
}

/** The oldest endpoint becomes the primary, and the merchant's webhookUrl and secret are its (none left: null). */
async function promoteOldestEndpoint(db: Queryable, merchantId: number): Promise<WebhookEndpointRow | undefined> {
  const [next] = await db.query<WebhookEndpointRow>(
    `update webhook_endpoints set is_primary = true where id = (
       select id from webhook_endpoints where merchant_id = $1 order by created_at, id limit 1) returning *`,
    [merchantId],
  );
  await db.query('update merchants set webhook_url = $2, webhook_secret = $3, webhook_private_allowed = $4 where id = $1', [merchantId, next?.url ?? null, next?.secret ?? null, next?.private_allowed ?? null]);
  return next;
}

/** The current secret keeps signing for `overlapSeconds` (0: stops at once). */
export async function rollEndpointSecret(db: Queryable, merchantId: number, id: string, overlapSeconds: number): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.query<WebhookEndpointRow>(
    `update webhook_endpoints set previous_secret = case when $4 > 0 then secret end,
        previous_secret_expires_at = case when $4 > 0 then now() + make_interval(secs => $4) end,
        secret = $3, updated_at = now()
      where id = $1 and merchant_id = $2 returning *`,
    [id, merchantId, newWebhookSecret(), overlapSeconds],
  );
  if (row?.is_primary) await db.query('update merchants set webhook_secret = $2 where id = $1', [merchantId, row.secret]);
  return row;
}

export interface EndpointDeliveryRow {
  id: string;
  event_id: string | null;
  test: boolean;
  state: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date;
  delivered_at: Date | null;
  created_at: Date;
}

/** The primary's deliveries are the webhook_events rows themselves; the others' and test events' are webhook_deliveries. */
export async function listEndpointDeliveries(db: Queryable, endpoint: WebhookEndpointRow, limit: number): Promise<EndpointDeliveryRow[]> {
  return db.query<EndpointDeliveryRow>(
    `select * from (
       select e.id, e.id as event_id, false as test, e.state, e.attempts, e.last_status_code, e.last_error, e.next_attempt_at, e.delivered_at, e.created_at
         from webhook_events e where $3 and e.merchant_id = $2 and e.state <> 'none'
       union all
       select d.id, d.event_id, d.test_body is not null, d.state, d.attempts, d.last_status_code, d.last_error, d.next_attempt_at, d.delivered_at, d.created_at
         from webhook_deliveries d where d.endpoint_id = $1
     ) x order by created_at desc, id desc limit $4`,
    [endpoint.id, endpoint.merchant_id, endpoint.is_primary, limit],
  );
}

export async function redeliver(db: Queryable, endpoint: WebhookEndpointRow, deliveryId: string): Promise<EndpointDeliveryRow | undefined> {
  const [other] = await db.query<EndpointDeliveryRow>(
    `update webhook_deliveries set state = 'pending', attempts = 0, next_attempt_at = now(), delivered_at = null
      where id = $1 and endpoint_id = $2
      returning id, event_id, test_body is not null as test, state, attempts, last_status_code, last_error, next_attempt_at, delivered_at, created_at`,
    [deliveryId, endpoint.id],
  );
  if (other || !endpoint.is_primary) return other;
  const [own] = await db.query<EndpointDeliveryRow>(
    `update webhook_events set state = 'pending', attempts = 0, next_attempt_at = now(), delivered_at = null
      where id = $1 and merchant_id = $2 and state <> 'none'
      returning id, id as event_id, false as test, state, attempts, last_status_code, last_error, next_attempt_at, delivered_at, created_at`,
    [deliveryId, endpoint.merchant_id],
  );
  return own;
}

export async function queueTestDelivery(db: Queryable, endpoint: WebhookEndpointRow, body: string): Promise<EndpointDeliveryRow> {
  const [row] = await db.query<EndpointDeliveryRow>(
    `insert into webhook_deliveries (merchant_id, endpoint_id, test_body) values ($1, $2, $3)
     returning id, event_id, true as test, state, attempts, last_status_code, last_error, next_attempt_at, delivered_at, created_at`,
    [endpoint.merchant_id, endpoint.id, body],
  );
  if (!row) throw new Error('test delivery not queued');
  return row;
}

/**
 * Test events' deliveries older than the change feed's days (EVENT_DAYS): an event's deliveries go with
 * it then (deleteOldEvents), a test's has no event. Never one pending (redelivered, or still retried);
 * its attempts go with it (migration 205's cascade). `batch` rows a statement, `skip locked`: nodes
 * sweeping at once take different rows, and one being sent is left alone.
 */
export function deleteOldTestDeliveries(db: Queryable, batch = 1000): Promise<number> {
  return deleteInBatches(async (n) => {
    const gone = await db.query<{ id: string }>(
      `delete from webhook_deliveries where id in (
         select id from webhook_deliveries
          where event_id is null and created_at < now() - make_interval(days => $1) and state <> 'pending'
          order by created_at limit $2 for update skip locked)
       returning id`,
      [EVENT_DAYS, n],
    );
    return gone.length;
  }, batch);
}
