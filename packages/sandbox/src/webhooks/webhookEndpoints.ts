import type { Database } from '../db/Database';
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
