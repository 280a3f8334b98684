import type Stripe from 'stripe';
import { KEY_FIELD, decisionOfCharge } from './decisions';
import type { Dispute, GatewayEvent, NotificationHandler } from '@pasarela/gateways';

/** Verified by the client's `webhooks.constructEvent`; an event about no payment (a customer updated) carries no events. */
export function stripeNotifications(stripe: Stripe, webhookSecret: string): NotificationHandler {
  return async ({ body, headers }) => {
    const signature = headers.get('stripe-signature');
    if (!signature) return undefined;
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(body, signature, webhookSecret);
    } catch {
      return undefined;
    }
    return eventsOf(event);
  };
}

function eventsOf(event: Stripe.Event): GatewayEvent[] {
  switch (event.type) {
    case 'charge.succeeded':
    case 'charge.failed':
    case 'charge.pending': {
      const charge = event.data.object;
      const key = charge.metadata?.[KEY_FIELD];
      return key ? [{ id: event.id, kind: 'card', key, reference: charge.id, decision: decisionOfCharge(charge) }] : [];
    }
    case 'charge.refunded':
      return (event.data.object.refunds?.data ?? []).flatMap((made) => refundEvent(`${event.id}:${made.id}`, made));
    case 'charge.refund.updated':
    case 'refund.updated':
    case 'refund.failed':
      return refundEvent(event.id, event.data.object);
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const paymentReference = typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id;
      return [{ id: event.id, kind: 'dispute', paymentReference, dispute: disputeFacts(dispute) }];
    }
    default:
      return [];
  }
}

/** A refund Pasarela asked for (its key in the metadata) once it has ended; a pending one says nothing yet. */
function refundEvent(id: string, made: Stripe.Refund): GatewayEvent[] {
  const key = made.metadata?.[KEY_FIELD];
  if (!key) return [];
  if (made.status === 'succeeded') return [{ id, kind: 'refund', key, reference: made.id, outcome: 'refunded' }];
  if (made.status === 'failed' || made.status === 'canceled') return [{ id, kind: 'refund', key, reference: made.id, outcome: 'failed' }];
  return [];
}

const DISPUTE_STATUS: Record<string, Dispute['status']> = {
  warning_needs_response: 'needs_response',
  needs_response: 'needs_response',
  warning_under_review: 'under_review',
  under_review: 'under_review',
  won: 'won',
  warning_closed: 'won',
  lost: 'lost',
  // Only Stripe's API versions before 2014-11-20 say it (a dispute won on a charge refunded since);
  // the client pins a later one, so `disputes.retrieve`, which alone moves money, never answers it.
  // Were it answered, `lost` costs the merchant the money once: the server's dispute takes only what
  // no refund of Pasarela's holds (core disputeMove), and a refund made outside Pasarela is booked nowhere else.
  charge_refunded: 'lost',
  prevented: 'won',
};

/** Stripe's `warning_*` statuses are an inquiry (a retrieval request): no money moves until it is a chargeback. */
export function disputeFacts(dispute: Stripe.Dispute): Dispute {
  const dueBy = dispute.evidence_details?.due_by;
  const evidence = dispute.evidence?.uncategorized_text;
  return {
    reference: dispute.id,
    status: DISPUTE_STATUS[dispute.status] ?? 'under_review',
    stage: dispute.status.startsWith('warning_') ? 'inquiry' : 'chargeback',
    amountCents: dispute.amount,
    currency: dispute.currency.toUpperCase(),
    reason: dispute.reason,
    evidenceDueBy: dueBy ? new Date(dueBy * 1000) : null,
    ...(typeof evidence === 'string' ? { evidence } : {}),
  };
}
