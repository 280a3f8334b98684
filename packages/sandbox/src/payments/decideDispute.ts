import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { SIMULATOR_PROCESSOR } from '../gateways/processors';
import { findDispute, findMerchantDispute, type MerchantDisputeRow } from '../store/disputes';
import { findTransaction } from '../store/transactions';
import { applyDisputeEvent } from './disputes';

/**
 * docs/sandbox.md "Disputes": the sandbox's rehearsal of the card network's decision. The simulated
 * processor decides in its own books and the server books what they say, under the event id of the
 * processor's notification, so that notification arriving later changes nothing. A charge at a
 * provider's processor is decided there only: nothing is booked here.
 */
export async function decideDisputeAtProcessor(deps: Pick<Deps, 'db' | 'gateways' | 'sandbox' | 'processors' | 'metrics'>, disputeId: string, outcome: 'won' | 'lost', merchantId?: number): Promise<MerchantDisputeRow | undefined> {
  const found = merchantId === undefined ? await findDispute(deps.db, disputeId) : await findMerchantDispute(deps.db, merchantId, disputeId);
  if (!found) return undefined;
  const payment = await findTransaction(deps.db, found.cod_oper);
  const simulated = deps.sandbox && (deps.processors === undefined || deps.processors.card === SIMULATOR_PROCESSOR)
    && (payment?.processor ?? SIMULATOR_PROCESSOR) === SIMULATOR_PROCESSOR;
  if (!simulated || !deps.sandbox) throw new PaymentError('conflict', 'dispute_decided_by_processor');
  if (found.status === 'won' || found.status === 'lost' || !payment?.gateway_reference) throw new PaymentError('conflict', 'dispute_closed');
  const dispute = await deps.sandbox.card.decideDispute(payment.gateway_reference, found.reference, outcome);
  if (!dispute) throw new PaymentError('conflict', 'dispute_closed');
  await applyDisputeEvent(deps, { id: `sim:dispute:${dispute.reference}:${dispute.status}`, kind: 'dispute', paymentReference: payment.gateway_reference, dispute });
  return findDispute(deps.db, disputeId);
}
