import type { Queryable } from '../db/Database';
import { API_VERSION_HEADER, CURRENT_API_VERSION } from '../merchantView/apiVersion';
import type { WebhookPost } from './postWebhook';
import { privateTargetsAllowed } from './webhookTarget';
import { endpointTakes, signaturesHeaderOf, signingSecretsOf } from './signature';
import { webhookBodyOf, webhookEventOf, type WebhookEventRow } from '../merchantView/webhookEvent';
import { testTypeOf } from './webhookEndpoints';
import { countAttempt } from './countAttempt';
import { recordWithAttempt } from './attemptRecord';
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
  /** This attempt's number among every attempt at the delivery, redeliveries included (migration 205). */
  attempts_made: number;
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
    `update webhook_deliveries d set attempts = d.attempts + 1, attempts_made = greatest(d.attempts_made, d.attempts) + 1, next_attempt_at = now() + make_interval(secs => $2)
       from (select id from webhook_deliveries where id in (${DUE_WITHIN_ROOM('webhook_deliveries')}) and ${STILL_DUE}
              order by next_attempt_at limit $1 for update skip locked) due, webhook_endpoints w
      where d.id = due.id and w.id = d.endpoint_id
      returning d.id, d.merchant_id, d.attempts, d.attempts_made, d.next_attempt_at::text as lease, d.test_body, w.url, w.events, w.secret, w.private_allowed, w.previous_secret, w.previous_secret_expires_at,
        (select to_jsonb(e) from webhook_events e where e.id = d.event_id) as event,
        d.attempts > 1 or d.last_status_code is not null or d.last_error is not null as tried`,
    [room.total, settings.timeoutMs / 1000 + 30, ...roomParameters(room)],
  );
  // An event of a type the endpoint does not take is not sent to it, nor a test event's sample of one.
  // An event's delivery never tried is dropped: the endpoint lists only the types it takes. One sent or
  // tried before, and a test event (asked for by the merchant, its id answered), stays listed, skipped
  // as on the primary, its redelivery refused until the endpoint takes the type. This claim sent
  // nothing: not an attempt.
  const untaken = claimed.filter((delivery) => {
    const type = typeOf(delivery);
    return type !== undefined && !endpointTakes(delivery.events, type);
  });
  const idsOf = (deliveries: EndpointDeliveryRow[]) => deliveries.map((delivery) => delivery.id);
  const kept = (delivery: EndpointDeliveryRow) => delivery.tried || delivery.test_body !== null;
  const dropped = untaken.filter((delivery) => !kept(delivery));
  if (dropped.length > 0) await db.query('delete from webhook_deliveries where id = any($1)', [idsOf(dropped)]);
  const skipped = untaken.filter(kept);
  if (skipped.length > 0) {
    await db.query(`update webhook_deliveries set state = 'skipped', attempts = attempts - 1, attempts_made = attempts_made - 1, last_error = 'type not taken by the endpoint' where id = any($1)`, [idsOf(skipped)]);
  }
  return claimed.filter((delivery) => !untaken.includes(delivery)).map((delivery) => ({
    merchantId: delivery.merchant_id,
    deliver: () => deliverOne(db, settings, delivery, send, errorNameOf),
  }));
}

const typeOf = (delivery: EndpointDeliveryRow): string | undefined =>
  delivery.test_body !== null ? testTypeOf(delivery.test_body) : delivery.event ? webhookEventOf(delivery.event).type : undefined;

async function deliverOne(
  db: Queryable, settings: DeliverySettings, delivery: EndpointDeliveryRow, send: (post: WebhookPost) => Promise<number>, errorNameOf: (error: unknown) => string,
): Promise<void> {
  const event = delivery.event;
  const body = delivery.test_body ?? (event ? webhookBodyOf(event) : '');
  let ok = false;
  let statusCode: number | null = null;
  let error: string | null = null;
  const started = performance.now();
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
  const attempt = { ok, statusCode, error, durationMs: performance.now() - started };
  if (ok) {
    const recorded = await recordWithAttempt(db, 'webhook_deliveries',
      `update webhook_deliveries set state = 'delivered', delivered_at = now(), last_status_code = $4, last_error = null where id = $1 and ${STILL_CLAIMED} returning id`,
      [...claim, statusCode], delivery.attempts_made, attempt);
    await countAttempt(db, 'webhook_deliveries', delivery.id, 'delivered', recorded.length > 0, settings.countDelivery);
    return;
  }
  const delayMs = settings.retryDelaysMs[delivery.attempts - 1];
  const recorded = await recordWithAttempt(db, 'webhook_deliveries',
    `update webhook_deliveries set state = $4, next_attempt_at = now() + make_interval(secs => $5), last_status_code = $6, last_error = $7 where id = $1 and ${STILL_CLAIMED} returning id`,
    [...claim, delayMs === undefined ? 'failed' : 'pending', (delayMs ?? 0) / 1000, statusCode, error], delivery.attempts_made, attempt);
  await countAttempt(db, 'webhook_deliveries', delivery.id, delayMs === undefined ? 'failed' : 'retrying', recorded.length > 0, settings.countDelivery);
}
