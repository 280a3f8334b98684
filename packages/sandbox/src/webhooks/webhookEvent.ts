import { merchantTransactionOf, type TransactionFacts } from './merchantTransaction';

/** A webhook_events row (migration 007). */
export interface WebhookEventRow extends TransactionFacts {
  id: string;
  merchant_id: number;
  created_at: Date;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
}

/** The event types, one per overall result; docs/webhooks.md lists them. */
export const WEBHOOK_EVENT_TYPES = ['transaction.approved', 'transaction.pending', 'transaction.declined'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function webhookEventOf(row: WebhookEventRow) {
  const data = merchantTransactionOf(row);
  const type: WebhookEventType = `transaction.${data.result === 'APPROVED' ? 'approved' : data.result === 'PENDING' ? 'pending' : 'declined'}`;
  return { id: row.id, type, createdAt: new Date(row.created_at).toISOString(), data };
}

/** The raw body a delivery sends: built from the stored snapshot only, so every retry sends the same bytes. */
export function webhookBodyOf(row: WebhookEventRow): string {
  return JSON.stringify(webhookEventOf(row));
}
