import { SUBSCRIPTION_PERIOD_DAYS, type SubscriptionPeriodCode } from './constants';

const DAY_MS = 24 * 3600 * 1000;

function periodMs(period: string): number {
  const days = Object.prototype.hasOwnProperty.call(SUBSCRIPTION_PERIOD_DAYS, period) ? SUBSCRIPTION_PERIOD_DAYS[period as SubscriptionPeriodCode] : SUBSCRIPTION_PERIOD_DAYS.MO;
  return days * DAY_MS;
}

/** A subscription's first charge date after its activation. An unknown code is charged monthly. */
export function nextSubscriptionChargeDate(period: string, from: number = Date.now()): Date {
  return new Date(from + periodMs(period));
}

/**
 * A renewal's next date keeps the subscription's own schedule: its due date a period on, not the
 * moment the renewal ran (a timer's lateness would push every later charge back). A renewal run more
 * than a period late (servers down) moves to the first date of that schedule still ahead: one
 * charge for the period that has begun, never one per period missed.
 */
export function renewedSubscriptionChargeDate(period: string, due: number, now: number = Date.now()): Date {
  const step = periodMs(period);
  const periods = Math.max(1, Math.floor((now - due) / step) + 1);
  return new Date(due + periods * step);
}
