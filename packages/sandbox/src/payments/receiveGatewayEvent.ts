import type { GatewayEvent } from '@pasarela/gateways';
import type { Deps } from '../Deps';
import { recordDisputeInBooks } from '../store/balanceTransactions';
import { recordDispute } from '../store/disputes';
import { markRefundFailed, markRefundSucceeded } from '../store/refunds';
import { findTransaction } from '../store/transactions';
import { recordDisputeEvent } from './disputes';
import { outcomeOfEvent } from './gatewayOutcomes';
import { mailReceiptOfSettled } from './receiptMail';
import { settlePayment, type Settlement } from './settlePayment';

/**
 * Every gateway event: recorded once by its id and applied only while its attempt still waits, in any
 * order. A refund's event settles the pending refund; a dispute's is recorded (undefined for both).
 */
export async function receiveGatewayEvent(deps: Pick<Deps, 'db' | 'gateways'>, event: GatewayEvent, receiptOrigin?: string): Promise<Settlement | undefined> {
  if (event.kind === 'refund') {
    await deps.db.transaction((tx) => (event.outcome === 'refunded' ? markRefundSucceeded(tx, event.key) : markRefundFailed(tx, event.key, 'refused')));
    return undefined;
  }
  if (event.kind === 'dispute') {
    // One transaction for the dispute and its book lines, each once whatever repeats.
    await deps.db.transaction(async (tx) => {
      const dispute = await recordDispute(tx, event.paymentReference, { ...event.dispute, evidenceDueBy: event.dispute.evidenceDueBy === null ? null : new Date(event.dispute.evidenceDueBy) });
      if (!dispute) return;
      const payment = await findTransaction(tx, dispute.cod_oper);
      if (!payment) return;
      const facts = { id: dispute.reference, cod_oper: dispute.cod_oper, merchant_id: payment.merchant_id, amount_cents: dispute.amount_cents };
      await recordDisputeInBooks(tx, facts, 'opened');
      if (dispute.status === 'won') await recordDisputeInBooks(tx, facts, 'won');
      const opened = new Date(dispute.created_at).getTime() === new Date(dispute.updated_at).getTime();
      await recordDisputeEvent(tx, dispute.reference, dispute.status === 'won' || dispute.status === 'lost' ? 'dispute.closed' : opened ? 'dispute.created' : 'dispute.updated');
    });
    return undefined;
  }
  const settled = await settlePayment(deps, event.key, (row) => outcomeOfEvent(row, event), event);
  if (receiptOrigin !== undefined && (event.kind === 'card' || event.kind === 'voucher')) await mailReceiptOfSettled(deps.db, settled, receiptOrigin);
  return settled;
}
