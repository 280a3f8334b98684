import * as v from 'valibot';
import { CHANNEL, SERVICE_CODES, SUBSCRIPTION_PERIODS, type SubscriptionPeriodCode } from './constants';
import { centsToAmount, amountToCents } from './money';
import { parsePaymentInfo, type PaymentInfo } from './paymentInfo';
import type { PaymentStation } from './paymentLink';
import { NumberLike, optionalText } from './schemaParts';

// SPEC 2 "Widget payment types: ... subs (subscription), ps (payment station)": what the checkout
// pays when it is not a payment link, in the one PaymentInfo shape every method reads.

/** SPEC 3 "Payment-station record" as payment info: the station id is the code every method sends. */
export function stationPaymentInfo(station: PaymentStation): PaymentInfo {
  const amount = Math.max(0, centsToAmount(amountToCents(station.amount) - amountToCents(station.discount)));
  return parsePaymentInfo({
    idMerchant: station.idMerchant,
    code: String(station.stationId),
    description: station.description,
    amount,
    discount: station.discount,
    serviceCode: 'LK',
    txChannel: CHANNEL.checkout,
  });
}

/** A station with no price of its own: the payer enters the amount (SPEC 5 "Amount limits"). */
export function stationTakesPayerAmount(station: PaymentStation): boolean {
  return amountToCents(station.amount) - amountToCents(station.discount) <= 0;
}

const PlanSchema = v.object({
  idPlan: NumberLike,
  idMerchant: NumberLike,
  name: v.string(),
  description: optionalText(),
  amount: NumberLike,
  period: v.string(),
  chargeNow: v.optional(v.boolean(), false),
});

/** GET pending subscription by subscriptionKey (SPEC 7). */
export const PendingSubscriptionSchema = v.object({
  idSubscription: NumberLike,
  subscriptionKey: v.string(),
  /** 0 pending, 1 active. */
  status: NumberLike,
  email: optionalText(),
  nextChargeAt: v.optional(v.nullable(v.string()), null),
  plan: PlanSchema,
});
export type PendingSubscription = v.InferOutput<typeof PendingSubscriptionSchema>;

/** SPEC 9 "Subscription period labels": the code when it is one of the twelve, else null. */
export function subscriptionPeriodCode(period: string): SubscriptionPeriodCode | null {
  const code = period.trim().toUpperCase();
  return Object.prototype.hasOwnProperty.call(SUBSCRIPTION_PERIODS, code) ? (code as SubscriptionPeriodCode) : null;
}

/** The plan as payment info: SPEC 9 "subscription uses REC", channel EPR. */
export function subscriptionPaymentInfo(sub: PendingSubscription): PaymentInfo {
  return parsePaymentInfo({
    idMerchant: sub.plan.idMerchant,
    code: sub.subscriptionKey,
    description: sub.plan.description || sub.plan.name,
    amount: sub.plan.amount,
    email: sub.email,
    serviceCode: SERVICE_CODES.subscription,
    transactionsType: SERVICE_CODES.subscription,
    txChannel: CHANNEL.subscription,
    idSubscription: sub.idSubscription,
  });
}
