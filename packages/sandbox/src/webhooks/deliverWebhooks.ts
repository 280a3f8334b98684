import type { Queryable } from '../db/Database';
import { endpointTakes, signaturesHeaderOf, signingSecretsOf } from './signature';
import { claimEndpointDeliveries } from './deliverEndpointWebhooks';
import { countAttempt } from './countAttempt';
import { recordWithAttempt, type AttemptOutcome } from './attemptRecord';
import { DUE_WITHIN_ROOM, roomParameters, STILL_CLAIMED, STILL_DUE, type ClaimedDelivery, type ClaimRoom } from './claimRoom';
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
  /** The most deliveries a node has in flight at once. */
  batch: number;
  /** The most of them for one merchant: a slow or dead endpoint holds no more of the node's places. */
  perMerchant?: number | undefined;
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
  perMerchant: 5,
};

const leaseSecondsOf = (settings: WebhookDeliverySettings) => settings.timeoutMs / 1000 + 30;

type ClaimedEvent = WebhookEventRow & {
  webhook_url: string | null; webhook_secret: string | null; webhook_private_allowed: boolean | null;
  previous_secret: string | null; previous_secret_expires_at: Date | null; endpoint_events: string[] | null;
  /** The claim's lease end as PostgreSQL wrote it (microseconds, which a Date drops): the claim's mark (claimRoom.ts STILL_CLAIMED). */
  lease: string;
  /** This attempt's number among every attempt at the event, redeliveries included (migration 205). */
  attempts_made: number;
};

/**
 * Rows claimed `for update skip locked` and leased past the timeout, so nodes never send one event
 * twice and one that dies mid-send leaves it to be retried: the primary endpoint's events and the
 * other endpoints' deliveries, within `room`, the other endpoints' first when `endpointsFirst` (a
 * sender takes turns, so neither kind waits while the other fills its places). Each comes back to
 * be sent (`deliver`).
 */
export async function claimDueWebhooks(
  db: Queryable,
  settings: WebhookDeliverySettings,
  room: ClaimRoom,
  send: (post: WebhookPost) => Promise<number> = postWebhook,
  endpointsFirst = false,
): Promise<ClaimedDelivery[]> {
  const first = endpointsFirst ? await claimEndpointDeliveries(db, settings, room, send, errorNameOf) : await claimPrimary(db, settings, room, send);
  const busy = new Map(room.busy);
  for (const { merchantId } of first) busy.set(merchantId, (busy.get(merchantId) ?? 0) + 1);
  const rest = { ...room, total: room.total - first.length, busy };
  return [...first, ...(endpointsFirst ? await claimPrimary(db, settings, rest, send) : await claimEndpointDeliveries(db, settings, rest, send, errorNameOf))];
}

/** The primary endpoint's (the merchant's webhookUrl) due events. */
async function claimPrimary(db: Queryable, settings: WebhookDeliverySettings, room: ClaimRoom, send: (post: WebhookPost) => Promise<number>): Promise<ClaimedDelivery[]> {
  if (room.total <= 0) return [];
  const claimed = await db.query<ClaimedEvent>(
    `update webhook_events e set attempts = e.attempts + 1, attempts_made = greatest(e.attempts_made, e.attempts) + 1, next_attempt_at = now() + make_interval(secs => $2)
       from (select id from webhook_events where id in (${DUE_WITHIN_ROOM('webhook_events')}) and ${STILL_DUE}
              order by next_attempt_at limit $1 for update skip locked) due, merchants m
      where e.id = due.id and m.id = e.merchant_id
      returning e.*, e.next_attempt_at::text as lease, m.webhook_url, m.webhook_secret, m.webhook_private_allowed,
        (select p.previous_secret from webhook_endpoints p where p.merchant_id = m.id and p.is_primary) as previous_secret,
        (select p.previous_secret_expires_at from webhook_endpoints p where p.merchant_id = m.id and p.is_primary) as previous_secret_expires_at,
        (select p.events from webhook_endpoints p where p.merchant_id = m.id and p.is_primary) as endpoint_events`,
    [room.total, leaseSecondsOf(settings), ...roomParameters(room)],
  );
  // An event of a type the endpoint does not take is not sent; the other endpoints' deliveries follow.
  const taken = claimed.filter((event) => endpointTakes(event.endpoint_events ?? ['*'], webhookEventOf(event).type));
  const skipped = claimed.filter((event) => !taken.includes(event)).map((event) => event.id);
  // Nothing was sent: its claim is not an attempt.
  if (skipped.length > 0) await db.query(`update webhook_events set state = 'skipped', attempts = attempts - 1, attempts_made = attempts_made - 1, last_error = 'type not taken by the endpoint' where id = any($1)`, [skipped]);
  return taken.map((event): ClaimedDelivery => ({
    merchantId: event.merchant_id,
    deliver: async () => recordAttempt(db, event, await attempt(event, settings, send), settings),
  }));
}

/**
 * A node's sender. `pump` claims what is due within the node's places (`batch` in all, `perMerchant`
 * each) and leaves each delivery to finish on its own: an endpoint that answers slowly holds up no
 * other. A delivery that ends frees its place and claims again, so a busy merchant's webhooks go out
 * as fast as its endpoint answers; the caller's timer pumps for retries that come due. `stop` claims
 * no more and waits for those in flight.
 */
export function webhookSender(
  db: Queryable,
  settings: WebhookDeliverySettings,
  onError: (error: unknown) => void,
  send: (post: WebhookPost) => Promise<number> = postWebhook,
) {
  const inFlight = new Set<Promise<void>>();
  const busy = new Map<number, number>();
  const perMerchant = settings.perMerchant ?? settings.batch;
  let claiming: Promise<void> | undefined;
  let again = false;
  let endpointsFirst = false;
  let stopped = false;

  const start = ({ merchantId, deliver }: ClaimedDelivery) => {
    busy.set(merchantId, (busy.get(merchantId) ?? 0) + 1);
    const running: Promise<void> = deliver().catch(onError).finally(() => {
      inFlight.delete(running);
      const left = (busy.get(merchantId) ?? 1) - 1;
      if (left > 0) busy.set(merchantId, left);
      else busy.delete(merchantId);
      void pump().catch(onError);
    });
    inFlight.add(running);
  };

  async function claimWhileDue(): Promise<void> {
    do {
      again = false;
      const total = settings.batch - inFlight.size;
      if (stopped || total <= 0) return;
      endpointsFirst = !endpointsFirst;
      const claimed = await claimDueWebhooks(db, settings, { total, perMerchant, busy }, send, endpointsFirst);
      claimed.forEach(start);
      // Claimed as many as there was room for: more may be due.
      if (claimed.length === total) again = true;
    } while (again);
  }

  /** Claims now; one claim at a time, a call meanwhile claims again after it. */
  function pump(): Promise<void> {
    if (claiming) {
      again = true;
      return claiming;
    }
    claiming = claimWhileDue().finally(() => {
      claiming = undefined;
    });
    return claiming;
  }

  return {
    pump,
    async stop(): Promise<void> {
      stopped = true;
      await claiming?.catch(() => undefined);
      await Promise.allSettled([...inFlight]);
    },
  };
}

async function attempt(event: ClaimedEvent, settings: WebhookDeliverySettings, send: (post: WebhookPost) => Promise<number>): Promise<AttemptOutcome> {
  if (!event.webhook_url || !event.webhook_secret) return { ok: false, statusCode: null, error: 'the merchant has no webhookUrl', durationMs: 0 };
  const body = webhookBodyOf(event);
  const secrets = signingSecretsOf({ secret: event.webhook_secret, previous_secret: event.previous_secret, previous_secret_expires_at: event.previous_secret_expires_at });
  const signature = signaturesHeaderOf(body, secrets, Math.floor(Date.now() / 1000));
  const started = performance.now();
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
    return { ok: status >= 200 && status < 300, statusCode: status, error: null, durationMs: performance.now() - started };
  } catch (error) {
    return { ok: false, statusCode: null, error: errorNameOf(error), durationMs: performance.now() - started };
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
  const claim = [event.id, event.attempts, event.lease];
  if (outcome.ok) {
    const recorded = await recordWithAttempt(db, 'webhook_events',
      `update webhook_events set state = 'delivered', delivered_at = now(), last_status_code = $4, last_error = null where id = $1 and ${STILL_CLAIMED} returning id`,
      [...claim, outcome.statusCode], event.attempts_made, outcome);
    if (recorded.length > 0) await notifyAdminChange(db, { type: 'webhook', id: event.id, state: 'delivered', merchantId: event.merchant_id });
    await countAttempt(db, 'webhook_events', event.id, 'delivered', recorded.length > 0, settings.countDelivery);
    return;
  }
  const delayMs = settings.retryDelaysMs[event.attempts - 1];
  const state = delayMs === undefined ? 'failed' : 'pending';
  const recorded = await recordWithAttempt(db, 'webhook_events',
    `update webhook_events set state = $4, next_attempt_at = now() + make_interval(secs => $5), last_status_code = $6, last_error = $7 where id = $1 and ${STILL_CLAIMED} returning id`,
    [...claim, state, (delayMs ?? 0) / 1000, outcome.statusCode, outcome.error], event.attempts_made, outcome);
  if (recorded.length > 0) await notifyAdminChange(db, { type: 'webhook', id: event.id, state, merchantId: event.merchant_id });
  await countAttempt(db, 'webhook_events', event.id, delayMs === undefined ? 'failed' : 'retrying', recorded.length > 0, settings.countDelivery);
}
