import type { Database, Queryable, Transaction } from '../db/Database';
import { requireCurrentKey } from '../store/merchantKeys';
import { webhookEventOf, type WebhookEventRow } from '../merchantView/webhookEvent';
import { endpointTakes } from './signature';
import {
  deleteWebhookEndpoint, insertWebhookEndpoint, rollEndpointSecret, updateWebhookEndpoint, type WebhookEndpointRow,
} from '../store/webhookEndpoints';

// The merchant's webhook endpoints (docs/merchant-api.md "Webhook endpoints"): each change and the
// merchant's webhookUrl it keeps in step with (the primary endpoint) in one database transaction.

/** A change made with the merchant's secret key `callerKey`, in one transaction that first requires it current. */
const asCurrentKey = <T>(db: Database, merchantId: number, callerKey: string, change: (tx: Transaction) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await requireCurrentKey(tx, merchantId, callerKey);
    return change(tx);
  });

/** `privateAllowed`: the URL's record (routes/webhookUrlRule.ts). */
export const createEndpoint = (db: Database, merchantId: number, callerKey: string, url: string, privateAllowed: boolean, events: readonly string[]): Promise<WebhookEndpointRow | undefined> =>
  asCurrentKey(db, merchantId, callerKey, (tx) => insertWebhookEndpoint(tx, merchantId, url, events, privateAllowed));

export const changeEndpoint = (db: Database, merchantId: number, callerKey: string, id: string, change: { url?: string | undefined; privateAllowed?: boolean | undefined; events?: readonly string[] | undefined }) =>
  asCurrentKey(db, merchantId, callerKey, (tx) => updateWebhookEndpoint(tx, merchantId, id, change));

export const removeEndpoint = (db: Database, merchantId: number, callerKey: string, id: string) =>
  asCurrentKey(db, merchantId, callerKey, (tx) => deleteWebhookEndpoint(tx, merchantId, id));

export const rollSecret = (db: Database, merchantId: number, callerKey: string, id: string, overlapSeconds: number) =>
  asCurrentKey(db, merchantId, callerKey, (tx) => rollEndpointSecret(tx, merchantId, id, overlapSeconds));

/**
 * An outbox event's type when the merchant's primary endpoint does not take it now (a redelivery of
 * it would be skipped again, never sent); null when it does, or there is no such event.
 */
export async function typeThePrimaryRefuses(db: Queryable, id: string, merchantId: number | undefined): Promise<string | null> {
  const [row] = await db.query<WebhookEventRow & { endpoint_events: string[] | null }>(
    `select e.*, (select p.events from webhook_endpoints p where p.merchant_id = e.merchant_id and p.is_primary) as endpoint_events
       from webhook_events e where e.id = $1 and e.state <> 'none' and ($2::int is null or e.merchant_id = $2)`,
    [id, merchantId ?? null],
  );
  if (!row) return null;
  const { type } = webhookEventOf(row);
  return endpointTakes(row.endpoint_events ?? ['*'], type) ? null : type;
}

/** A test delivery's type: its sample's, as POST /webhook-endpoints/:id/test queued it. */
export const testTypeOf = (testBody: string): string => String((JSON.parse(testBody) as { type?: unknown }).type);

/**
 * A delivery's type when its endpoint does not take it now (a redelivery of it would be skipped
 * again, never sent): its event's, or a test delivery's sample's; null when the endpoint takes it,
 * or when there is no such delivery. The primary's own deliveries are its events; its others are
 * from before it took the primary's place, and its test events.
 */
export async function typeTheEndpointRefuses(db: Queryable, endpoint: WebhookEndpointRow, deliveryId: string): Promise<string | null> {
  const [test] = await db.query<{ test_body: string }>(
    'select test_body from webhook_deliveries where id = $1 and endpoint_id = $2 and test_body is not null', [deliveryId, endpoint.id]);
  if (test) {
    const type = testTypeOf(test.test_body);
    return endpointTakes(endpoint.events, type) ? null : type;
  }
  const [row] = await db.query<WebhookEventRow>(
    `select e.* from webhook_deliveries d join webhook_events e on e.id = d.event_id where d.id = $1 and d.endpoint_id = $2
     union all
     select e.* from webhook_events e where $3 and e.id = $1 and e.merchant_id = $4 and e.state <> 'none'`,
    [deliveryId, endpoint.id, endpoint.is_primary, endpoint.merchant_id],
  );
  if (!row) return null;
  const { type } = webhookEventOf(row);
  return endpointTakes(endpoint.events, type) ? null : type;
}
