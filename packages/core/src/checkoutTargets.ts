import * as v from 'valibot';
import { CHANNEL, SERVICE_CODES, SUBSCRIPTION_PERIODS, type SubscriptionPeriodCode } from './constants';
import { centsToAmount, amountToCents } from './money';
import { parsePaymentInfo, type PaymentInfo } from './paymentInfo';
import type { PaymentStation } from './paymentLink';
import { NumberLike, optionalText } from './schemaParts';

/** The station id is the code every method sends. */
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

export const PendingSubscriptionSchema = v.object({
  idSubscription: NumberLike,
  subscriptionKey: v.string(),
  /** 0 pending, 1 active. */
  /** 0 pending, 1 active. */
  status: NumberLike,
  email: optionalText(),
  nextChargeAt: v.optional(v.nullable(v.string()), null),
  plan: PlanSchema,
});
export type PendingSubscription = v.InferOutput<typeof PendingSubscriptionSchema>;

export function subscriptionPeriodCode(period: string): SubscriptionPeriodCode | null {
  const code = period.trim().toUpperCase();
  return Object.prototype.hasOwnProperty.call(SUBSCRIPTION_PERIODS, code) ? (code as SubscriptionPeriodCode) : null;
}

/**
 * The amount is what the payer pays today (the total, the Pay button and TotalPagado say it): the
 * plan's, or nothing for a plan that charges first when due (core activationChargeCents); the
 * subscription payment itself names the plan's amount (buildSubscriptionProcessTx).
 */
export function subscriptionPaymentInfo(sub: PendingSubscription): PaymentInfo {
  return parsePaymentInfo({
    idMerchant: sub.plan.idMerchant,
    code: sub.subscriptionKey,
    description: sub.plan.description || sub.plan.name,
    amount: sub.plan.chargeNow ? sub.plan.amount : 0,
    email: sub.email,
    serviceCode: SERVICE_CODES.subscription,
    transactionsType: SERVICE_CODES.subscription,
    txChannel: CHANNEL.subscription,
    idSubscription: sub.idSubscription,
  });
}
