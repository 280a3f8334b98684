import { refundMove } from '@pasarela/core';
import type { GatewayEvent } from '@pasarela/gateways';
import type { Deps } from '../Deps';
import { findRefund, markRefundSucceeded } from '../store/refunds';
import { failMadeRefund, failPendingRefund } from './refundFailed';
import { findTransaction } from '../store/transactions';
import { recordGatewayEvent } from '../store/transactionUpdates';
import { askGateway } from './reconcileRefunds';

export type RefundEventOutcome = 'applied' | 'repeated' | 'contradicted' | 'unchanged' | 'no_refund';

/**
 * A refund's event moves money only as its gateway's books say (`refundOutcome`, asked by the
 * refund's key, as the refund reconciler asks): made for `refunded`; failed for `failed` (or none made, for a refund still pending).
 * A contradicted event is not recorded, so the genuine one under its id still applies; each id once.
 * A refund made that fails later gives its money back to the merchant (core refundMove).
 */
export async function applyRefundEvent(deps: Pick<Deps, 'db' | 'gateways' | 'metrics'>, event: Extract<GatewayEvent, { kind: 'refund' }>): Promise<RefundEventOutcome> {
  const refund = await findRefund(deps.db, event.key);
  if (!refund) return 'no_refund';
  const payment = await findTransaction(deps.db, refund.cod_oper);
  const next = refundMove(refund.state, event.outcome);
  if (next === 'unchanged') return 'unchanged';
  if (!payment) return 'no_refund';
  const said = await askGateway(deps, {
    ...refund, gateway_reference: refund.gateway_reference ?? event.reference ?? null, method: payment.method, details: payment.details, payment_reference: payment.gateway_reference,
  });
  const agrees = event.outcome === 'refunded' ? said === 'refunded' : said === 'failed' || (next === 'failed' && said === null);
  if (!agrees) return 'contradicted';
  const outcome = await deps.db.transaction(async (tx): Promise<RefundEventOutcome> => {
    if (!(await recordGatewayEvent(tx, { id: event.id, key: refund.id, kind: 'refund' }))) return 'repeated';
    const done = next === 'succeeded' ? await markRefundSucceeded(tx, refund.id)
      : next === 'failed' ? await failPendingRefund(tx, refund.id, 'refused')
        : await failMadeRefund(tx, refund.id);
    return done ? 'applied' : 'unchanged';
  });
  if (outcome === 'applied') deps.metrics?.countRefund(next === 'succeeded' ? 'succeeded' : 'failed');
  return outcome;
}
