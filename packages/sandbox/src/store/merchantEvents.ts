import type { Queryable } from '../db/Database';
import type { WebhookEventRow } from '../webhooks/webhookEvent';

/** How long the change feed keeps an event (docs/merchant-api.md "Events"). */
export const EVENT_DAYS = 30;

/** A webhook event as the feed reads it: with its place in the order it was recorded (migration 025). */
export type MerchantEventRow = WebhookEventRow & { seq: number };

export interface EventFilters {
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  /** Only events recorded before the one with this seq (the cursor). */
  beforeSeq?: number | undefined;
}

/** The merchant's events of the last EVENT_DAYS days, newest first, `count` at most. */
export async function listMerchantEvents(db: Queryable, merchantId: number, f: EventFilters, count: number): Promise<MerchantEventRow[]> {
  return db.query<MerchantEventRow>(
    `select * from webhook_events
      where merchant_id = $1 and created_at > now() - make_interval(days => $2) and ($3::int is null or seq < $3)
        and ($4::timestamptz is null or created_at >= $4) and ($5::timestamptz is null or created_at < $5)
      order by seq desc limit $6`,
    [merchantId, EVENT_DAYS, f.beforeSeq ?? null, f.createdFrom ?? null, f.createdTo ?? null, count],
  );
}

/** One of the merchant's events of the last EVENT_DAYS days (another merchant's is as absent as a missing one). */
export async function findMerchantEvent(db: Queryable, merchantId: number, id: string): Promise<MerchantEventRow | undefined> {
  const [row] = await db.query<MerchantEventRow>(
    'select * from webhook_events where id = $1 and merchant_id = $2 and created_at > now() - make_interval(days => $3)',
    [id, merchantId, EVENT_DAYS],
  );
  return row;
}
