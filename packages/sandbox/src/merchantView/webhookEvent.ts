import { centsToAmount } from '@pasarela/core';
import { CURRENT_API_VERSION } from './apiVersion';
import { merchantTransactionOf, type TransactionFacts } from './merchantTransaction';

export interface WebhookEventRow extends TransactionFacts {
  id: string;
  merchant_id: number;
  created_at: Date;
  /** skipped: a type the primary endpoint does not take; none: no primary endpoint (migration 028). */
  state: 'pending' | 'delivered' | 'failed' | 'skipped' | 'none';
  attempts: number;
  next_attempt_at: Date;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  /** Null: named by the overall result. */
  event_type: WebhookEventType | null;
  refund_made: { id: string; amountCents: number; createdAt: string; failureReason?: RefundFailureReason } | null;
  /** Migration 040; null on older events. */
  tx_created_at?: Date | null;
  tx_updated_at?: Date | null;
  /** An event about something else than a transaction (a payout, a dispute, a subscription). */
  object?: Record<string, unknown> | null;
}

/** `refused`: the gateway refused it; `not_made`: it did not answer in time and, asked again, never made it; `failed_after_success`: made, then reported failed (its money back in the merchant's books). */
export const REFUND_FAILURE_REASONS = ['refused', 'not_made', 'failed_after_success'] as const;
export type RefundFailureReason = (typeof REFUND_FAILURE_REASONS)[number];

/** docs/webhooks.md lists them. */
export const WEBHOOK_EVENT_TYPES = ['transaction.approved', 'transaction.pending', 'transaction.declined', 'transaction.refunded', 'transaction.refund_failed', 'transaction.voided', 'transaction.owed_to_payer',
  'transaction.captured', 'payout.paid', 'payout.failed', 'dispute.created', 'dispute.updated', 'dispute.closed', 'subscription.cancelled'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** One shape for a webhook and the change feed, built from the stored snapshot in the version it names. */
export function webhookEventOf(row: WebhookEventRow) {
  if (row.object && row.event_type) {
    return { id: row.id, type: row.event_type, apiVersion: CURRENT_API_VERSION, createdAt: new Date(row.created_at).toISOString(), data: row.object };
  }
  const transaction = merchantTransactionOf(row);
  const type: WebhookEventType = row.event_type ?? `transaction.${transaction.result === 'APPROVED' ? 'approved' : transaction.result === 'PENDING' ? 'pending' : 'declined'}`;
  const made = row.refund_made;
  const times = { createdAt: new Date(row.tx_created_at ?? row.created_at).toISOString(), updatedAt: new Date(row.tx_updated_at ?? row.created_at).toISOString() };
  const record = { ...transaction, ...times };
  const data = made
    ? { ...record, refundId: made.id, refundAmount: centsToAmount(made.amountCents), ...(made.failureReason ? { refundFailureReason: made.failureReason } : {}) }
    : record;
  return { id: row.id, type, apiVersion: CURRENT_API_VERSION, createdAt: new Date(row.created_at).toISOString(), data };
}

/** From the stored snapshot only, so every retry sends the same bytes. */
export function webhookBodyOf(row: WebhookEventRow): string {
  return JSON.stringify(webhookEventOf(row));
}
