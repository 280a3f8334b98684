import type { Queryable } from '../db/Database';
import type { DeliveryOutcome } from '../ops/metrics';

/**
 * Counts an attempt on the node's /metrics (docs/operations.md "Metrics") by what it came to. Its
 * outcome when it was written under its claim (claimRoom.ts STILL_CLAIMED). When it was not, the
 * delivery is either to be sent again (redelivered meanwhile, or claimed again after the lease: a
 * failure is `retrying`, whatever try it was), or no longer this attempt's to count: its endpoint was
 * removed (the primary's events are no delivery any more, another endpoint's rows are gone), or
 * another claim finished it. Those count nothing: a removed endpoint is not retried, nor out of tries.
 */
export async function countAttempt(
  db: Queryable, table: 'webhook_events' | 'webhook_deliveries', id: string, outcome: DeliveryOutcome, recorded: boolean,
  count: ((outcome: DeliveryOutcome) => void) | undefined,
): Promise<void> {
  if (!count) return;
  if (recorded) {
    count(outcome);
    return;
  }
  const [again] = await db.query(`select 1 from ${table} where id = $1 and state = 'pending'`, [id]);
  if (again) count(outcome === 'delivered' ? 'delivered' : 'retrying');
}
