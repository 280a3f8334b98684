import type { Queryable } from '../db/Database';
import { API_VERSION_HEADER, CURRENT_API_VERSION } from '../merchantView/apiVersion';
import type { WebhookPost } from './postWebhook';
import { privateTargetsAllowed } from './webhookTarget';
import { endpointTakes, signaturesHeaderOf, signingSecretsOf } from './signature';
import { webhookBodyOf, webhookEventOf, type WebhookEventRow } from '../merchantView/webhookEvent';
import { DUE_WITHIN_ROOM, roomParameters, STILL_CLAIMED, STILL_DUE, type ClaimedDelivery, type ClaimRoom } from './claimRoom';

/** Stated here: deliverWebhooks.ts imports this file. */
interface DeliverySettings {
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  allowPrivateAddresses?: boolean | undefined;
  countDelivery?: ((outcome: 'delivered' | 'retrying' | 'failed') => void) | undefined;
}

interface EndpointDeliveryRow {
  id: string;
  merchant_id: number;
  attempts: number;
  test_body: string | null;
  url: string;
  events: string[];
  secret: string;
  private_allowed: boolean | null;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  event: WebhookEventRow | null;
  /** Sent or tried before this claim (a retry, a redelivery): the endpoint took its type then. */
  tried: boolean;
  /** The claim's lease end as PostgreSQL wrote it: the claim's mark (claimRoom.ts STILL_CLAIMED). */
  lease: string;
}

/**
 * The other endpoints' deliveries and test events that are due, claimed and leased as
 * claimDueWebhooks claims the primary endpoint's (within `room`), each handed back to be sent.
 */
export async function claimEndpointDeliveries(
  db: Queryable, settings: DeliverySettings, room: ClaimRoom, send: (post: WebhookPost) => Promise<number>, errorNameOf: (error: unknown) => string,
): Promise<ClaimedDelivery[]> {
  if (room.total <= 0) return [];
  const claimed = await db.query<EndpointDeliveryRow>(
    `update webhook_deliveries d set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
       from (select id from webhook_deliveries where id in (${DUE_WITHIN_ROOM('webhook_deliveries')}) and ${STILL_DUE}
              order by next_attempt_at limit $1 for update skip locked) due, webhook_endpoints w
      where d.id = due.id and w.id = d.endpoint_id
      returning d.id, d.merchant_id, d.attempts, d.next_attempt_at::text as lease, d.test_body, w.url, w.events, w.secret, w.private_allowed, w.previous_secret, w.previous_secret_expires_at,
        (select to_jsonb(e) from webhook_events e where e.id = d.event_id) as event,
        d.attempts > 1 or d.last_status_code is not null or d.last_error is not null as tried`,
    [room.total, settings.timeoutMs / 1000 + 30, ...roomParameters(room)],
  );
  // An event of a type the endpoint does not take is not sent to it. Never tried, it is dropped: the
  // endpoint lists only the types it takes. Sent or tried before, it stays listed, skipped as on the
  // primary, its redelivery refused until the endpoint takes it. This claim sent nothing: not an attempt.
  const untaken = claimed.filter((delivery) => delivery.event && !endpointTakes(delivery.events, webhookEventOf(delivery.event).type));
  const idsOf = (deliveries: EndpointDeliveryRow[]) => deliveries.map((delivery) => delivery.id);
  const neverTried = untaken.filter((delivery) => !delivery.tried);
  if (neverTried.length > 0) await db.query('delete from webhook_deliveries where id = any($1)', [idsOf(neverTried)]);
  const tried = untaken.filter((delivery) => delivery.tried);
  if (tried.length > 0) {
    await db.query(`update webhook_deliveries set state = 'skipped', attempts = attempts - 1, last_error = 'type not taken by the endpoint' where id = any($1)`, [idsOf(tried)]);
  }
  return claimed.filter((delivery) => !untaken.includes(delivery)).map((delivery) => ({
    merchantId: delivery.merchant_id,
    deliver: () => deliverOne(db, settings, delivery, send, errorNameOf),
  }));
}

async function deliverOne(
  db: Queryable, settings: DeliverySettings, delivery: EndpointDeliveryRow, send: (post: WebhookPost) => Promise<number>, errorNameOf: (error: unknown) => string,
): Promise<void> {
  const event = delivery.event;
  const body = delivery.test_body ?? (event ? webhookBodyOf(event) : '');
  let ok = false;
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    statusCode = await send({
      url: delivery.url,
      headers: {
        'content-type': 'application/json', 'user-agent': 'Pasarela-Webhooks/1',
        'pasarela-signature': signaturesHeaderOf(body, signingSecretsOf(delivery), Math.floor(Date.now() / 1000)),
        [API_VERSION_HEADER.toLowerCase()]: CURRENT_API_VERSION,
      },
      body,
      timeoutMs: settings.timeoutMs,
      allowPrivate: privateTargetsAllowed(delivery.private_allowed, settings.allowPrivateAddresses === true),
    });
    ok = statusCode >= 200 && statusCode < 300;
  } catch (caught) {
    error = errorNameOf(caught);
  }
  const claim = [delivery.id, delivery.attempts, delivery.lease];
  if (ok) {
    await db.query(`update webhook_deliveries set state = 'delivered', delivered_at = now(), last_status_code = $4, last_error = null where id = $1 and ${STILL_CLAIMED}`, [...claim, statusCode]);
    settings.countDelivery?.('delivered');
    return;
  }
  const delayMs = settings.retryDelaysMs[delivery.attempts - 1];
  const recorded = await db.query(
    `update webhook_deliveries set state = $4, next_attempt_at = now() + make_interval(secs => $5), last_status_code = $6, last_error = $7 where id = $1 and ${STILL_CLAIMED} returning id`,
    [...claim, delayMs === undefined ? 'failed' : 'pending', (delayMs ?? 0) / 1000, statusCode, error],
  );
  // Not recorded: redelivered or claimed again meanwhile, so it is tried again.
  settings.countDelivery?.(recorded.length > 0 && delayMs === undefined ? 'failed' : 'retrying');
}
