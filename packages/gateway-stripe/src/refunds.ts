import type Stripe from 'stripe';
import { KEY_FIELD, isMissing, isRefusedCall } from './decisions';
import { withinDeadline } from './stripeCall';
import type { StripeContext } from './charges';
import type { CardRefundAnswer, CardRefundRequest, ChargeCall } from '@pasarela/gateways';

function outcomeOf(refund: Stripe.Refund): 'refunded' | 'failed' | 'pending' {
  if (refund.status === 'succeeded') return 'refunded';
  if (refund.status === 'failed' || refund.status === 'canceled') return 'failed';
  return 'pending';
}

/** The charge's refund made under the port's key (in its metadata), if any. */
async function refundUnderKey(stripe: Stripe, charge: string, key: string, options: Stripe.RequestOptions): Promise<Stripe.Refund | null> {
  for await (const made of stripe.refunds.list({ charge, limit: 100 }, options)) {
    if (made.metadata?.[KEY_FIELD] === key) return made;
  }
  return null;
}

/**
 * One refund per refund key, its key kept in the refund's metadata; in the charge's currency only.
 * Stripe keeps an idempotency key 24 hours: a refund asked again later (a give-back retried after a
 * lost answer) is answered from the refund already made under the key, never made twice.
 */
export async function refund({ stripe }: StripeContext, call: CardRefundRequest): Promise<CardRefundAnswer> {
  // Stripe refunds in the charge's currency whatever is asked: one in another currency is refused here.
  // With its refunds, so a refund made under this key is found in the same call.
  const charge = await withinDeadline(call.deadline, undefined, (options) => stripe.charges.retrieve(call.reference, { expand: ['refunds'] }, options)).catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
  if (!charge || charge.currency !== call.currency.toLowerCase()) return { status: 'refused' };
  const listed = charge.refunds?.data.find((made) => made.metadata?.[KEY_FIELD] === call.idempotencyKey);
  const earlier = listed ?? (charge.refunds && !charge.refunds.has_more ? null : await withinDeadline(call.deadline, undefined, (options) => refundUnderKey(stripe, charge.id, call.idempotencyKey, options)));
  if (earlier) {
    const outcome = outcomeOf(earlier);
    return { status: outcome === 'failed' ? 'refused' : outcome, reference: earlier.id };
  }
  const params: Stripe.RefundCreateParams = { charge: call.reference, amount: call.amountCents, metadata: { [KEY_FIELD]: call.idempotencyKey } };
  try {
    const made = await withinDeadline(call.deadline, `refund:${call.idempotencyKey}`, (options) => stripe.refunds.create(params, options));
    const outcome = outcomeOf(made);
    return { status: outcome === 'failed' ? 'refused' : outcome, reference: made.id };
  } catch (error) {
    if (isRefusedCall(error)) return { status: 'refused' };
    throw error;
  }
}

/** The refund made under the key: by its reference, else among the charge's refunds; null when there is none. */
export async function refundOutcome(
  { stripe }: StripeContext,
  call: ChargeCall & { refundReference: string | null },
): Promise<'refunded' | 'failed' | 'pending' | null> {
  const found = await withinDeadline(call.deadline, undefined, async (options) => {
    if (call.refundReference) {
      try {
        return await stripe.refunds.retrieve(call.refundReference, {}, options);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return refundUnderKey(stripe, call.reference, call.idempotencyKey, options);
  });
  return found ? outcomeOf(found) : null;
}
