import type { Database, Queryable } from '../db/Database';
import { webhookEventOf, type WebhookEventRow } from '../merchantView/webhookEvent';
import { endpointTakes } from './signature';
import {
  deleteWebhookEndpoint, insertWebhookEndpoint, rollEndpointSecret, updateWebhookEndpoint, type WebhookEndpointRow,
} from '../store/webhookEndpoints';

// The merchant's webhook endpoints (docs/merchant-api.md "Webhook endpoints"): each change and the
// merchant's webhookUrl it keeps in step with (the primary endpoint) in one database transaction.

/** `privateAllowed`: the URL's record (routes/webhookUrlRule.ts). */
export const createEndpoint = (db: Database, merchantId: number, url: string, privateAllowed: boolean, events: readonly string[]): Promise<WebhookEndpointRow | undefined> =>
  db.transaction((tx) => insertWebhookEndpoint(tx, merchantId, url, events, privateAllowed));

export const changeEndpoint = (db: Database, merchantId: number, id: string, change: { url?: string | undefined; privateAllowed?: boolean | undefined; events?: readonly string[] | undefined }) =>
  db.transaction((tx) => updateWebhookEndpoint(tx, merchantId, id, change));

export const removeEndpoint = (db: Database, merchantId: number, id: string) => db.transaction((tx) => deleteWebhookEndpoint(tx, merchantId, id));

export const rollSecret = (db: Database, merchantId: number, id: string, overlapSeconds: number) =>
  db.transaction((tx) => rollEndpointSecret(tx, merchantId, id, overlapSeconds));

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
