import type { Queryable } from '../db/Database';
import { listRecentAttempts } from '../store/webhookEvents';

/** How many of a delivery's attempts its answer lists (docs/webhooks.md, docs/merchant-api.md). */
export const ATTEMPTS_SHOWN = 20;

/** A delivery's attempts as the admin API's webhook list and the merchant API's deliveries answer them. */
export interface AttemptHistory {
  /** Every attempt recorded, redeliveries included. */
  attemptsRecorded: number;
  /** The last ATTEMPTS_SHOWN of them, newest first. */
  recentAttempts: { number: number; attemptedAt: string; statusCode: number | null; error: string | null; durationMs: number }[];
}

/** The attempt history of each of these deliveries, by id, in one query; a delivery never tried has none. */
export async function attemptHistoriesOf(db: Queryable, deliveryIds: readonly string[]): Promise<(deliveryId: string) => AttemptHistory> {
  const histories = new Map<string, AttemptHistory>();
  for (const row of await listRecentAttempts(db, deliveryIds, ATTEMPTS_SHOWN)) {
    const history = histories.get(row.delivery_id) ?? { attemptsRecorded: row.recorded, recentAttempts: [] };
    history.recentAttempts.push({
      number: row.number, attemptedAt: new Date(row.attempted_at).toISOString(), statusCode: row.status_code, error: row.error, durationMs: row.duration_ms,
    });
    histories.set(row.delivery_id, history);
  }
  return (deliveryId) => histories.get(deliveryId) ?? { attemptsRecorded: 0, recentAttempts: [] };
}
