import { isGatewayOutcomeUnknown } from '@pasarela/gateways';
import { refundPathOf } from '@pasarela/core';
import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import { claimRefundsInDoubt, markRefundSucceeded, type RefundInDoubt } from '../store/refunds';
import { failPendingRefund } from './refundFailed';
import { cardReferenceOf } from './cardReference';
import { depositKeyOf } from './cryptoReceived';
import { IN_DOUBT_AFTER_MS } from './reconcileAttempts';

const RECONCILE_BATCH = 100;

const CLAIM_MS = 60_000;

/** What the refund's gateway says it did under the refund's key; null when it made none (or the method has no gateway to ask). */
export async function askGateway(deps: Pick<Deps, 'gateways'>, refund: Pick<RefundInDoubt, 'id' | 'cod_oper' | 'method' | 'details' | 'payment_reference' | 'gateway_reference'>): Promise<'refunded' | 'failed' | 'pending' | null> {
  const call = gatewayCall(refund.id);
  switch (refundPathOf(refund.method)) {
    case 'card': {
      const reference = await cardReferenceOf(deps, refund.cod_oper, refund.payment_reference);
      return reference ? deps.gateways.card.refundOutcome({ ...call, reference, refundReference: refund.gateway_reference }) : null;
    }
    case 'push': return deps.gateways.push.refundOutcome({ ...call, requestKey: refund.cod_oper });
    case 'crypto': return deps.gateways.crypto.refundOutcome({ ...call, depositKey: depositKeyOf(refund) });
    default: return null;
  }
}

/**
 * A refund left pending by a silent gateway holds its part until the gateway, asked by the refund's key,
 * says what it did: made, it succeeds; none made, it fails and its part is free. One node claims each
 * refund at a time, and both writes only change a refund still pending.
 */
export async function reconcileRefunds(deps: Pick<Deps, 'db' | 'gateways' | 'metrics'>): Promise<string[]> {
  const refunds = await claimRefundsInDoubt(deps.db, { inDoubtAfterMs: IN_DOUBT_AFTER_MS, claimMs: CLAIM_MS, limit: RECONCILE_BATCH });
  const changed: string[] = [];
  for (const refund of refunds) {
    let said: Awaited<ReturnType<typeof askGateway>>;
    try {
      said = await askGateway(deps, refund);
    } catch (error) {
      if (isGatewayOutcomeUnknown(error)) continue;
      throw error;
    }
    if (said === 'pending') continue;
    const done = await deps.db.transaction((tx) => (said === 'refunded' ? markRefundSucceeded(tx, refund.id) : failPendingRefund(tx, refund.id, said === 'failed' ? 'refused' : 'not_made')));
    if (!done) continue;
    changed.push(refund.id);
    deps.metrics?.countRefund(said === 'refunded' ? 'succeeded' : 'failed');
  }
  return changed;
}
