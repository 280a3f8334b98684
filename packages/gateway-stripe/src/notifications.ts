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

/** The statuses the pinned API version's types name (their `OtherString` left out): each is mapped below, on purpose. */
type ListedStatus<T> = T extends string ? (string extends T ? never : T) : never;
type DisputeFacts = Pick<Dispute, 'status' | 'stage' | 'prevented'>;
type StatusFacts = DisputeFacts | ((dispute: Stripe.Dispute) => DisputeFacts);

const DISPUTE_STATUS: Record<ListedStatus<Stripe.Dispute.Status>, StatusFacts> = {
  // An inquiry (a retrieval request): no money moves until it is a chargeback.
  warning_needs_response: { status: 'needs_response', stage: 'inquiry' },
  warning_under_review: { status: 'under_review', stage: 'inquiry' },
  warning_closed: { status: 'won', stage: 'inquiry' },
  needs_response: { status: 'needs_response', stage: 'chargeback' },
  under_review: { status: 'under_review', stage: 'chargeback' },
  // The appeal stage (pre-arbitration, on an account that enabled appeals): the money stays out until it ends.
  appeal_needs_response: { status: 'needs_response', stage: 'chargeback' },
  appeal_under_review: { status: 'under_review', stage: 'chargeback' },
  won: { status: 'won', stage: 'chargeback' },
  lost: { status: 'lost', stage: 'chargeback' },
  prevented: preventedFacts,
};

/**
 * Stopped before it became a chargeback, so Stripe charged no dispute fee. Blocked (Visa CE 3.0),
 * nothing moved: a closed inquiry. Resolved (Visa RDR), the payer got the amount back out of the
 * merchant's balance: lost and `prevented`, the amount out as Stripe moved it and no chargeback fee
 * (a refund event cannot say it: the server books only refunds it asked for). Without a case type,
 * the dispute's own balance transactions say whether money left.
 */
function preventedFacts(dispute: Stripe.Dispute): DisputeFacts {
  const caseType = dispute.payment_method_details?.card?.case_type;
  const amountLeft = caseType === 'resolution'
    || (caseType !== 'block' && (dispute.balance_transactions ?? []).reduce((sum, made) => sum + made.amount, 0) < 0);
  return amountLeft ? { status: 'lost', stage: 'chargeback', prevented: true } : { status: 'won', stage: 'inquiry' };
}

/**
 * A status the pinned version does not name says nothing of money: open (refunds wait, nothing is
 * final) at the inquiry stage, so it takes nothing new; a dispute already a chargeback stays one
 * with what it took (core disputeMove). Only Stripe's API versions before 2014-11-20 say
 * `charge_refunded` (a dispute won on a charge refunded since); the client pins a later one.
 */
const UNLISTED: DisputeFacts = { status: 'under_review', stage: 'inquiry' };

function factsOf(dispute: Stripe.Dispute): DisputeFacts {
  const facts: StatusFacts = Object.hasOwn(DISPUTE_STATUS, dispute.status) ? (DISPUTE_STATUS as Record<string, StatusFacts>)[dispute.status]! : UNLISTED;
  return typeof facts === 'function' ? facts(dispute) : facts;
}

export function disputeFacts(dispute: Stripe.Dispute): Dispute {
  const dueBy = dispute.evidence_details?.due_by;
  const evidence = dispute.evidence?.uncategorized_text;
  return {
    reference: dispute.id,
    ...factsOf(dispute),
    amountCents: dispute.amount,
    currency: dispute.currency.toUpperCase(),
    reason: dispute.reason,
    evidenceDueBy: dueBy ? new Date(dueBy * 1000) : null,
    ...(typeof evidence === 'string' ? { evidence } : {}),
  };
}
