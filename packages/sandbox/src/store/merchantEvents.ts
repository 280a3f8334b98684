import type { Queryable } from '../db/Database';
import type { WebhookEventRow } from '../merchantView/webhookEvent';
import { deleteInBatches } from './deleteInBatches';

/** docs/merchant-api.md "Events". */
export const EVENT_DAYS = 30;

export type MerchantEventRow = WebhookEventRow & { seq: number };

export interface EventFilters {
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  beforeSeq?: number | undefined;
}

export async function listMerchantEvents(db: Queryable, merchantId: number, f: EventFilters, count: number): Promise<MerchantEventRow[]> {
  return db.query<MerchantEventRow>(
    `select * from webhook_events
      where merchant_id = $1 and created_at > now() - make_interval(days => $2) and ($3::int is null or seq < $3)
        and ($4::timestamptz is null or created_at >= $4) and ($5::timestamptz is null or created_at < $5)
      order by seq desc limit $6`,
    [merchantId, EVENT_DAYS, f.beforeSeq ?? null, f.createdFrom ?? null, f.createdTo ?? null, count],
  );
}

/** Another merchant's is as absent as a missing one. */
export async function findMerchantEvent(db: Queryable, merchantId: number, id: string): Promise<MerchantEventRow | undefined> {
  const [row] = await db.query<MerchantEventRow>(
    'select * from webhook_events where id = $1 and merchant_id = $2 and created_at > now() - make_interval(days => $3)',
    [id, merchantId, EVENT_DAYS],
  );
  return row;
}

/** Only those no endpoint still has to send, `batch` rows a statement. */
export function deleteOldEvents(db: Queryable, batch = 1000): Promise<number> {
  return deleteInBatches((n) => deleteOldEventsOnce(db, n), batch);
}

async function deleteOldEventsOnce(db: Queryable, batch: number): Promise<number> {
  // skip locked: nodes sweeping at once take different rows, and one being sent is left alone.
  const rows = await db.query(
    `delete from webhook_events where id in (
       select e.id from webhook_events e
        where e.created_at < now() - make_interval(days => $1) and e.state <> 'pending'
          and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.state = 'pending')
        order by e.created_at limit $2 for update skip locked)
     returning id`,
    [EVENT_DAYS, batch],
  );
  return rows.length;
}

/** An event about a payout, a dispute or a subscription, in the caller's transaction; endpoints get it as they get a transaction's. */
export async function recordObjectEvent(db: Queryable, merchantId: number, type: string, object: Record<string, unknown>): Promise<void> {
  await db.query(
    `insert into webhook_events (merchant_id, event_type, object, state)
     select $1, $2, $3::jsonb, case when exists (select 1 from webhook_endpoints p where p.merchant_id = $1 and p.is_primary) then 'pending' else 'none' end`,
    [merchantId, type, JSON.stringify(object)],
  );
}
