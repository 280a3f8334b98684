import type { Queryable } from '../db/Database';
import type { RefundFailureReason } from '../merchantView/webhookEvent';
import { markRefundFailed, markRefundFailedAfterSuccess, type RefundRow } from '../store/refunds';
import { retakeDisputesAfterRefundFailed } from './disputes';

// docs/merchant-api.md "Disputes": a dispute's takenAmount "is what it took: at most what was paid and
// not refunded". A refund that ends failed holds nothing any more, so in the transaction that marks it
// a chargeback of the payment, open or lost, takes what that refund held it off.

/** A pending refund failed (none made, or refused); undefined when no longer pending. In the caller's transaction. */
export async function failPendingRefund(tx: Queryable, id: string, failure: RefundFailureReason, gatewayReference?: string): Promise<RefundRow | undefined> {
  const row = await markRefundFailed(tx, id, failure, gatewayReference);
  if (row) await retakeDisputesAfterRefundFailed(tx, row.cod_oper);
  return row;
}

/** A made refund the processor reports failed later; undefined unless it had succeeded. In the caller's transaction. */
export async function failMadeRefund(tx: Queryable, id: string): Promise<RefundRow | undefined> {
  const row = await markRefundFailedAfterSuccess(tx, id);
  if (row) await retakeDisputesAfterRefundFailed(tx, row.cod_oper);
  return row;
}
