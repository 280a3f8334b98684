import { SUBSCRIPTION_PERIOD_SPANS, type SubscriptionPeriodCode, type SubscriptionSpan } from './constants';
import { PANAMA_UTC_OFFSET_MS } from './panamaTime';

const DAY_MS = 24 * 3600 * 1000;

function spanOf(period: string): SubscriptionSpan {
  return Object.prototype.hasOwnProperty.call(SUBSCRIPTION_PERIOD_SPANS, period) ? SUBSCRIPTION_PERIOD_SPANS[period as SubscriptionPeriodCode] : SUBSCRIPTION_PERIOD_SPANS.MO;
}

/**
 * The charge `n` periods after `anchor`, in Panama's calendar (SPEC 9 "Link expiry time zone:
 * Panama"): a span in days is that many days on; a span in months is the anchor's day of the month,
 * at the same hour, or the month's last day when it has fewer days (Jan 31 -> Feb 28, Feb 29 in a
 * leap year). Counted from the anchor, not from the charge before: Jan 31, Feb 28, Mar 31.
 */
function subscriptionChargeDateAt(period: string, anchor: number, n: number): Date {
  const span = spanOf(period);
  if ('days' in span) return new Date(anchor + n * span.days * DAY_MS);
  const local = new Date(anchor + PANAMA_UTC_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + n * span.months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const at = Date.UTC(year, month, Math.min(local.getUTCDate(), lastDay), local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds(), local.getUTCMilliseconds());
  return new Date(at - PANAMA_UTC_OFFSET_MS);
}

/** A subscription's first charge date after its activation. An unknown code is charged monthly. */
export function nextSubscriptionChargeDate(period: string, from: number = Date.now()): Date {
  return subscriptionChargeDateAt(period, from, 1);
}

/**
 * A renewal's next date keeps the subscription's own schedule, counted from its `anchor` (its
 * activation; the due date when none is known): the first date of that schedule after the date it
 * was due, not a period after the moment the renewal ran (a timer's lateness would push every later
 * charge back). A renewal run more than a period late (servers down) moves to the first date still
 * ahead: one charge for the period that has begun, never one per period missed.
 */
export function renewedSubscriptionChargeDate(period: string, due: number, now: number = Date.now(), anchor: number = due): Date {
  const after = Math.max(due, now);
  const span = spanOf(period);
  let n = 'days' in span ? Math.max(1, Math.floor((after - anchor) / (span.days * DAY_MS))) : 1;
  while (subscriptionChargeDateAt(period, anchor, n).getTime() <= after) n += 1;
  return subscriptionChargeDateAt(period, anchor, n);
}
