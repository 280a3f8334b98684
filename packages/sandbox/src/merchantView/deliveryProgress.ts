import type { EndpointDeliveryRow } from '../store/webhookEndpoints';

/** A webhook delivery's record, of the primary endpoint's outbox or of another endpoint's. */
type DeliveryRecord = Pick<
  EndpointDeliveryRow,
  'state' | 'attempts' | 'last_status_code' | 'last_error' | 'next_attempt_at' | 'delivered_at' | 'created_at'
>;

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
