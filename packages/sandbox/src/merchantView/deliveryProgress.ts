/**
 * A webhook delivery's record, of the primary endpoint's outbox or of another endpoint's. Written out
 * here: merchantView sits below store (importLayers.test.ts), so it names the columns it reads.
 */
interface DeliveryRecord {
  state: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date;
  delivered_at: Date | null;
  created_at: Date;
}

/** How far a delivery got, as the console's webhook log and the merchant API's endpoint deliveries show it. */
export function deliveryProgressOf(row: DeliveryRecord) {
  return {
    state: row.state,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    nextAttemptAt: row.state === 'pending' ? new Date(row.next_attempt_at).toISOString() : null,
    deliveredAt: row.delivered_at ? new Date(row.delivered_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
