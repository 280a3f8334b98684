import { isGatewayOutcomeUnknown } from '@pasarela/gateways';
import { refundPathOf } from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import { claimRefundsInDoubt, markRefundFailed, markRefundSucceeded, type RefundInDoubt } from '../store/refunds';
import { cardReferenceOf } from './cardReference';
import { depositKeyOf } from './cryptoReceived';
import { IN_DOUBT_AFTER_MS } from './reconcileAttempts';

/** How many refunds one pass looks at; the next pass takes the rest. */
const RECONCILE_BATCH = 100;

/** How long a node's claim on a refund lasts: another node asks again only after it. */
const CLAIM_MS = 60_000;

/** What the refund's gateway says it did under the refund's key: made it, failed it, still working on it, or made none. */
async function askGateway(deps: Pick<Deps, 'gateways'>, refund: RefundInDoubt): Promise<'refunded' | 'failed' | 'pending' | null> {
  const call = gatewayCall(refund.id);
  switch (refundPathOf(refund.method)) {
    case 'card': {
      const reference = await cardReferenceOf(deps, refund.cod_oper, refund.payment_reference);
      return reference ? deps.gateways.card.refundOutcome({ ...call, reference, refundReference: refund.gateway_reference }) : null;
    }
    case 'push': return deps.gateways.push.refundOutcome({ ...call, requestKey: refund.cod_oper });
    case 'crypto': return deps.gateways.crypto.refundOutcome({ ...call, depositKey: depositKeyOf(refund.cod_oper, String(refund.details['network'])) });
    // A balance refund is made in the transaction that records it: it is never left pending.
    default: return null;
  }
}

/**
 * The refund reconciler: a refund left pending because its gateway never answered (a timeout, a
 * lost answer, a crash) holds its part of what may be refunded until its gateway, asked by the
 * refund's key, says what it did. Made: the refund succeeds (the payment's refunded amount grows
 * and the merchant's webhook is written). None made: the refund fails, its part is free again and
 * the merchant's transaction.refund_failed webhook is written.
 * Runs at each node's start and on a timer; each refund is claimed by one node at a time, and both
 * writes only change a refund still pending. A gateway that still does not answer leaves the
 * refund for a later pass. Returns the refunds this pass changed.
 */
export async function reconcileRefunds(deps: Pick<Deps, 'db' | 'gateways'>): Promise<string[]> {
  const refunds = await claimRefundsInDoubt(deps.db, { inDoubtAfterMs: IN_DOUBT_AFTER_MS, claimMs: CLAIM_MS, limit: RECONCILE_BATCH });
  const changed: string[] = [];
  for (const refund of refunds) {
    let said: Awaited<ReturnType<typeof askGateway>>;
    try {
      said = await askGateway(deps, refund);
    } catch (error) {
      // Still no answer: the refund keeps its part until a later pass hears one.
      if (isGatewayOutcomeUnknown(error)) continue;
      throw error;
    }
    if (said === 'pending') continue;
    const done = await deps.db.transaction((tx) => (said === 'refunded' ? markRefundSucceeded(tx, refund.id) : markRefundFailed(tx, refund.id, said === 'failed' ? 'refused' : 'not_made')));
    if (done) changed.push(refund.id);
  }
  return changed;
}
