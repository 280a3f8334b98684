import type { StripeContext } from './charges';
import { isMissing } from './decisions';
import { disputeFacts } from './notifications';
import { withinDeadline } from './stripeCall';
import type { ChargeCall, Dispute } from '@pasarela/gateways';

/** The dispute as Stripe holds it now, when it is on this charge; null when Stripe has none by that id on it. */
export async function dispute({ stripe }: StripeContext, call: ChargeCall & { disputeReference: string }): Promise<Dispute | null> {
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
