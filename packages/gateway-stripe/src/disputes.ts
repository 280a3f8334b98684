import type Stripe from 'stripe';
import type { StripeContext } from './charges';
import { isMissing } from './decisions';
import { disputeFacts } from './notifications';
import { withinDeadline, type TryOptions } from './stripeCall';
import type { Dispute, DisputeCall, DisputeEvidenceCall } from '@pasarela/gateways';

/** The dispute as Stripe holds it now, when it is on this charge; null when Stripe has none by that id on it. */
export async function dispute({ stripe }: StripeContext, call: DisputeCall): Promise<Dispute | null> {
  const found = await withinDeadline(call.deadline, undefined, async (options) => {
    try {
      return await stripe.disputes.retrieve(call.disputeReference, {}, options);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  });
  if (!found) return null;
  const charge = typeof found.charge === 'string' ? found.charge : found.charge.id;
  return charge === call.reference ? disputeFacts(found) : null;
}

/** The merchant's evidence, as text, submitted to the issuer at once (Stripe's `submit: true`: no later edits). */
export function submitDisputeEvidence(context: StripeContext, call: DisputeEvidenceCall): Promise<Dispute | null> {
  return answer(context, call, (options) => context.stripe.disputes.update(call.disputeReference, { evidence: { uncategorized_text: call.evidence }, submit: true }, options));
}

/** Stripe's close: the merchant accepts the dispute, which ends lost. */
export function acceptDispute(context: StripeContext, call: DisputeCall): Promise<Dispute | null> {
  return answer(context, call, (options) => context.stripe.disputes.close(call.disputeReference, {}, options));
}

/**
 * Only a dispute on this charge is answered (Stripe's calls name the dispute alone), under the port's
 * key. One Stripe will not change (decided, or its evidence submitted already) is answered as it
 * stands, so the server sees the answer was not taken.
 */
async function answer(context: StripeContext, call: DisputeCall, send: (options: TryOptions) => Promise<Stripe.Dispute>): Promise<Dispute | null> {
  if (!(await dispute(context, call))) return null;
  try {
    return disputeFacts(await withinDeadline(call.deadline, call.idempotencyKey, send));
  } catch (error) {
    if (isMissing(error)) return null;
    if ((error as { type?: string }).type === 'StripeInvalidRequestError') return dispute(context, call);
    throw error;
  }
}
