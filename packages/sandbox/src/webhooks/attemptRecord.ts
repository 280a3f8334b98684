import type { Queryable } from '../db/Database';

/** One attempt as it went: the endpoint's HTTP status, or why there was none, and how long it took. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Runs `outcome` (an `update <table> ... where id = $1 ... returning id` writing the attempt's outcome
 * over the delivery's row) with the attempt itself recorded in the same statement (migration 205), so
 * it is kept across redeliveries. Recorded even when the outcome is not written (a redelivery asked
 * meanwhile): the endpoint was sent it. The rows `outcome` returned.
 */
export async function recordWithAttempt(
  db: Queryable, table: 'webhook_events' | 'webhook_deliveries', outcome: string, params: readonly unknown[], number: number, attempt: AttemptOutcome,
): Promise<unknown[]> {
  const at = params.length + 1;
  const owner = table === 'webhook_events' ? 'event_id' : 'delivery_id';
  try {
    return await db.query(
      `with recorded as (${outcome}),
            attempt as (insert into webhook_attempts (${owner}, number, attempted_at, status_code, error, duration_ms)
              select id, $${at}, now() - $${at + 3}::int * interval '1 millisecond', $${at + 1}, $${at + 2}, $${at + 3} from ${table} where id = $1)
       select id from recorded`,
      [...params, number, attempt.statusCode, attempt.error, Math.max(0, Math.round(attempt.durationMs))],
    );
  } catch (error) {
    // Its delivery was removed (its endpoint deleted) while the attempt was on its way: nothing to record it on.
    if ((error as { code?: unknown } | null)?.code === FOREIGN_KEY_VIOLATION) return [];
    throw error;
  }
}
