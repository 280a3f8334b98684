import type { Queryable } from '../db/Database';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { recordDisputeInBooks } from '../store/balanceTransactions';
import { closeDispute, findDispute, findMerchantDispute, submitDisputeEvidence, type MerchantDisputeRow } from '../store/disputes';
import { recordObjectEvent } from '../store/merchantEvents';
import { merchantDisputeOf } from '../merchantView/merchantDispute';

/** The dispute event its change makes: opened, answered or moved, ended. */
export async function recordDisputeEvent(tx: Queryable, reference: string, type: 'dispute.created' | 'dispute.updated' | 'dispute.closed'): Promise<MerchantDisputeRow | undefined> {
  const dispute = await findDispute(tx, reference);
  if (dispute) await recordObjectEvent(tx, dispute.merchant_id, type, merchantDisputeOf(dispute));
  return dispute;
}

const notOpen = () => new PaymentError('conflict', 'dispute_closed', 'The dispute is closed (won or lost): it takes no more answers');

/** The merchant's evidence (while the dispute needs a response): kept, the dispute under review, dispute.updated. */
export async function answerDispute(deps: Pick<Deps, 'db'>, merchantId: number, reference: string, evidence: string): Promise<MerchantDisputeRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const dispute = await findMerchantDispute(tx, merchantId, reference, true);
    if (!dispute) return undefined;
    if (!(await submitDisputeEvidence(tx, reference, evidence))) {
      throw dispute.status === 'under_review' ? new PaymentError('conflict', 'dispute_under_review', 'Evidence was already sent: the dispute is under review') : notOpen();
    }
    return recordDisputeEvent(tx, reference, 'dispute.updated');
  });
}

/**
 * A dispute ends: `lost` when the merchant accepts it (its money stays out), or as the sandbox
 * decides (`won`: the amount comes back). Once (a conditional write), with its dispute.closed event.
 */
export async function endDispute(deps: Pick<Deps, 'db'>, reference: string, outcome: 'won' | 'lost', merchantId?: number): Promise<MerchantDisputeRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const dispute = merchantId === undefined ? await findDispute(tx, reference) : await findMerchantDispute(tx, merchantId, reference, true);
    if (!dispute) return undefined;
    if (!(await closeDispute(tx, reference, outcome))) throw notOpen();
    if (outcome === 'won') {
      await recordDisputeInBooks(tx, { id: dispute.reference, cod_oper: dispute.cod_oper, merchant_id: dispute.merchant_id, amount_cents: dispute.amount_cents }, 'won');
    }
    return recordDisputeEvent(tx, reference, 'dispute.closed');
  });
}
