import { SUBSCRIPTION_PERIOD_DAYS, type SubscriptionPeriodCode } from './constants';

const DAY_MS = 24 * 3600 * 1000;
/** An unknown code is charged monthly. */
export function nextSubscriptionChargeDate(period: string, from: number = Date.now()): Date {
  const days = Object.prototype.hasOwnProperty.call(SUBSCRIPTION_PERIOD_DAYS, period) ? SUBSCRIPTION_PERIOD_DAYS[period as SubscriptionPeriodCode] : SUBSCRIPTION_PERIOD_DAYS.MO;
  return new Date(from + days * DAY_MS);
}
