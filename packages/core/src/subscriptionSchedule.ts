import { SUBSCRIPTION_PERIOD_DAYS, type SubscriptionPeriodCode } from './constants';

const DAY_MS = 24 * 3600 * 1000;
/** The next charge of a subscription of `period` after `from` (an unknown code is charged monthly). */
export function nextSubscriptionChargeDate(period: string, from: number = Date.now()): Date {
  const days = Object.prototype.hasOwnProperty.call(SUBSCRIPTION_PERIOD_DAYS, period) ? SUBSCRIPTION_PERIOD_DAYS[period as SubscriptionPeriodCode] : SUBSCRIPTION_PERIOD_DAYS.MO;
  return new Date(from + days * DAY_MS);
}
