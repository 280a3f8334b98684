import type { Queryable } from '../db/Database';
import type { WebhookEventRow } from '../merchantView/webhookEvent';

/** An outbox row with the URL its merchant's webhooks go to now. */
export type WebhookDeliveryRow = WebhookEventRow & { webhook_url: string | null };

/** The primary endpoint's deliveries, newest first, filtered by merchant and payment (null: any; a dispute's events are its payment's); an event recorded with no endpoint to send it to (state 'none', migration 028) is none. */
export async function listWebhookDeliveries(db: Queryable, filter: { merchantId: number | null; codOper: string | null; limit: number }): Promise<WebhookDeliveryRow[]> {
  return db.query<WebhookDeliveryRow>(
    `select e.*, m.webhook_url from webhook_events e join merchants m on m.id = e.merchant_id
      where e.state <> 'none' and ($1::integer is null or e.merchant_id = $1)
        and ($2::text is null or e.cod_oper = $2 or (e.cod_oper is null and e.object ->> 'codOper' = $2))
      order by e.created_at desc, e.id limit $3`,
    [filter.merchantId, filter.codOper, filter.limit],
  );
}

/** Where an event of the outbox goes now, and that URL's record (migration 050); undefined for no such event (of that merchant, when given). */
export async function webhookTargetOfEvent(db: Queryable, id: string, merchantId: number | undefined): Promise<{ webhook_url: string | null; webhook_private_allowed: boolean | null } | undefined> {
  const [row] = await db.query<{ webhook_url: string | null; webhook_private_allowed: boolean | null }>(
    `select m.webhook_url, m.webhook_private_allowed from webhook_events e join merchants m on m.id = e.merchant_id
      where e.id = $1 and e.state <> 'none' and ($2::int is null or e.merchant_id = $2)`,
    [id, merchantId ?? null],
  );
  return row;
}

/** Puts a delivery back in the outbox with a fresh retry schedule (of that merchant's events only, when given); an event that was never a delivery is not one. */
export async function redeliverWebhookEvent(db: Queryable, id: string, merchantId: number | undefined): Promise<WebhookEventRow | undefined> {
  const [row] = await db.query<WebhookEventRow>(
    `update webhook_events set state = 'pending', attempts = 0, next_attempt_at = now(), delivered_at = null where id = $1 and state <> 'none' and ($2::int is null or merchant_id = $2) returning *`,
    [id, merchantId ?? null],
  );
  return row;
}

export interface DeliveryAttemptRow {
  /** The delivery's id: the event's own for the primary endpoint's, whd_... for another endpoint's. */
  delivery_id: string;
  number: number;
  attempted_at: Date;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  /** How many attempts its delivery has recorded in all. */
  recorded: number;
}

/** The last `perDelivery` attempts of each of these deliveries (migration 205), newest first. */
export async function listRecentAttempts(db: Queryable, deliveryIds: readonly string[], perDelivery: number): Promise<DeliveryAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db.query<DeliveryAttemptRow>(
    `select delivery_id, number, attempted_at, status_code, error, duration_ms, recorded from (
       select coalesce(a.event_id, a.delivery_id) as delivery_id, a.id, a.number, a.attempted_at, a.status_code, a.error, a.duration_ms,
              row_number() over (partition by coalesce(a.event_id, a.delivery_id) order by a.number desc, a.id desc) as nth,
              (count(*) over (partition by coalesce(a.event_id, a.delivery_id)))::int as recorded
         from webhook_attempts a where a.event_id = any($1) or a.delivery_id = any($1)) ranked
      where nth <= $2 order by delivery_id, number desc, id desc`,
    [deliveryIds, perDelivery],
  );
}
