import type { Queryable } from '../db/Database';
import { endpointTakes, signaturesHeaderOf, signingSecretsOf } from './signature';
import { deliverEndpointWebhooks } from './deliverEndpointWebhooks';
import { notifyAdminChange } from '../changes/adminChanges';
import { webhookBodyOf, webhookEventOf, type WebhookEventRow } from '../merchantView/webhookEvent';
import { postWebhook, type WebhookPost } from './postWebhook';
import { privateTargetsAllowed } from './webhookTarget';
import { API_VERSION_HEADER, CURRENT_API_VERSION } from '../merchantView/apiVersion';
import type { DeliveryOutcome } from '../ops/metrics';

export interface WebhookDeliverySettings {
  /** Growing; when they run out the event is marked failed. */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  batch: number;
  /** WEBHOOK_ALLOW_PRIVATE; else a delivery to a loopback or private address fails (address_not_public), as it does for an endpoint accepted when they were refused. */
  allowPrivateAddresses?: boolean | undefined;
  /** The node's /metrics counter of attempts. */
  countDelivery?: ((outcome: DeliveryOutcome) => void) | undefined;
}

/** PRODUCT.md: first retry within 10 s; the last about three days after the event. */
export const DEFAULT_WEBHOOK_DELIVERY: WebhookDeliverySettings = {
  retryDelaysMs: [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 6 * 3_600_000, 12 * 3_600_000, 24 * 3_600_000, 24 * 3_600_000],
  timeoutMs: 10_000,
  batch: 20,
};

const leaseSecondsOf = (settings: WebhookDeliverySettings) => settings.timeoutMs / 1000 + 30;

type ClaimedEvent = WebhookEventRow & {
  webhook_url: string | null; webhook_secret: string | null; webhook_private_allowed: boolean | null;
  previous_secret: string | null; previous_secret_expires_at: Date | null; endpoint_events: string[] | null;
};

/**
 * Rows claimed `for update skip locked` and leased past the timeout, so nodes never send one event
 * twice and one that dies mid-send leaves it to be retried.
 */
export async function deliverDueWebhooks(
  db: Queryable,
  settings: WebhookDeliverySettings = DEFAULT_WEBHOOK_DELIVERY,
  send: (post: WebhookPost) => Promise<number> = postWebhook,
): Promise<number> {
  const claimed = await db.query<ClaimedEvent>(
    `update webhook_events e set attempts = e.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
       from (select id from webhook_events where state = 'pending' and next_attempt_at <= now()
              order by next_attempt_at limit $1 for update skip locked) due, merchants m
      where e.id = due.id and m.id = e.merchant_id
      returning e.*, m.webhook_url, m.webhook_secret, m.webhook_private_allowed,
        (select p.previous_secret from webhook_endpoints p where p.merchant_id = m.id and p.is_primary) as previous_secret,
        (select p.previous_secret_expires_at from webhook_endpoints p where p.merchant_id = m.id and p.is_primary) as previous_secret_expires_at,
        (select p.events from webhook_endpoints p where p.merchant_id = m.id and p.is_primary) as endpoint_events`,
    [settings.batch, leaseSecondsOf(settings)],
  );
  // An event of a type the endpoint does not take is not sent; the other endpoints' deliveries follow.
  const taken = claimed.filter((event) => endpointTakes(event.endpoint_events ?? ['*'], webhookEventOf(event).type));
  const skipped = claimed.filter((event) => !taken.includes(event)).map((event) => event.id);
  // Nothing was sent: its claim is not an attempt.
  if (skipped.length > 0) await db.query(`update webhook_events set state = 'skipped', attempts = attempts - 1, last_error = 'type not taken by the endpoint' where id = any($1)`, [skipped]);
  await Promise.all(taken.map(async (event) => recordAttempt(db, event, await attempt(event, settings, send), settings)));
  return taken.length + (await deliverEndpointWebhooks(db, settings, send, errorNameOf));
}

interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

async function attempt(event: ClaimedEvent, settings: WebhookDeliverySettings, send: (post: WebhookPost) => Promise<number>): Promise<AttemptOutcome> {
  if (!event.webhook_url || !event.webhook_secret) return { ok: false, statusCode: null, error: 'the merchant has no webhookUrl' };
  const body = webhookBodyOf(event);
  const secrets = signingSecretsOf({ secret: event.webhook_secret, previous_secret: event.previous_secret, previous_secret_expires_at: event.previous_secret_expires_at });
  const signature = signaturesHeaderOf(body, secrets, Math.floor(Date.now() / 1000));
  try {
    // Resolved and checked again now: the name may point elsewhere since it was registered. The URL's
    // record rules, not this node's setting alone (webhookTarget.ts privateTargetsAllowed).
    const status = await send({
      url: event.webhook_url,
      headers: { 'content-type': 'application/json', 'user-agent': 'Pasarela-Webhooks/1', 'pasarela-signature': signature,
        [API_VERSION_HEADER.toLowerCase()]: CURRENT_API_VERSION },
      body,
      timeoutMs: settings.timeoutMs,
      allowPrivate: privateTargetsAllowed(event.webhook_private_allowed, settings.allowPrivateAddresses === true),
    });
    return { ok: status >= 200 && status < 300, statusCode: status, error: null };
  } catch (error) {
    return { ok: false, statusCode: null, error: errorNameOf(error) };
  }
}

/** Secret-free: never a header or a body. */
function errorNameOf(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const own = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  if (typeof own === 'string') return own;
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'error';
}

async function recordAttempt(db: Queryable, event: ClaimedEvent, outcome: AttemptOutcome, settings: WebhookDeliverySettings): Promise<void> {
  if (outcome.ok) {
    await db.query(
      `update webhook_events set state = 'delivered', delivered_at = now(), last_status_code = $2, last_error = null where id = $1`,
      [event.id, outcome.statusCode],
    );
    await notifyAdminChange(db, { type: 'webhook', id: event.id, state: 'delivered', merchantId: event.merchant_id });
    settings.countDelivery?.('delivered');
    return;
  }
  const delayMs = settings.retryDelaysMs[event.attempts - 1];
  await db.query(
    `update webhook_events set state = $2, next_attempt_at = now() + make_interval(secs => $3), last_status_code = $4, last_error = $5 where id = $1`,
    [event.id, delayMs === undefined ? 'failed' : 'pending', (delayMs ?? 0) / 1000, outcome.statusCode, outcome.error],
  );
  await notifyAdminChange(db, { type: 'webhook', id: event.id, state: delayMs === undefined ? 'failed' : 'pending', merchantId: event.merchant_id });
  settings.countDelivery?.(delayMs === undefined ? 'failed' : 'retrying');
}
