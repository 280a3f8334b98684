import { describe, expect, it } from 'vitest';
import { nextSubscriptionChargeDate, renewedSubscriptionChargeDate } from './subscriptionSchedule';

const at = (iso: string) => Date.parse(iso);

// SPEC 9 "Subscription period labels: BA bi-annual, BM every two months, BW every two weeks, AN annual,
// MO monthly, WE weekly, DA daily, HA every six months, OS 168 days, EF 84 days, TE 28 days, QU quarterly":
// "monthly" names calendar months, beside "28 days" that counts days. A monthly plan is charged on the
// same day of the month, on the month's last day when it has fewer; Panama's calendar ("Link expiry
// time zone: Panama"; UTC-5).
describe('"MO monthly" is the same day of each month, the month\'s last day when it has fewer', () => {
  it.each([
    ['MO', '2026-01-15T14:00:00Z', '2026-02-15T14:00:00.000Z', 'the same day next month'],
    ['MO', '2026-01-31T14:00:00Z', '2026-02-28T14:00:00.000Z', 'Jan 31 -> Feb 28'],
    ['MO', '2028-01-31T14:00:00Z', '2028-02-29T14:00:00.000Z', 'Jan 31 -> Feb 29 in a leap year'],
    ['MO', '2026-03-31T14:00:00Z', '2026-04-30T14:00:00.000Z', 'Mar 31 -> Apr 30'],
    ['MO', '2026-12-15T14:00:00Z', '2027-01-15T14:00:00.000Z', 'into the next year'],
    ['MO', '2026-02-01T03:00:00Z', '2026-03-01T03:00:00.000Z', 'Jan 31 at 22:00 in Panama is Feb 1 in UTC: Feb 28 at 22:00 in Panama'],
    ['MO', '2026-01-31T03:00:00Z', '2026-03-01T03:00:00.000Z', 'Jan 30 at 22:00 in Panama -> Feb 28 at 22:00 in Panama'],
    ['BM', '2025-12-31T14:00:00Z', '2026-02-28T14:00:00.000Z', 'every two months: Dec 31 -> Feb 28'],
    ['QU', '2026-11-30T14:00:00Z', '2027-02-28T14:00:00.000Z', 'quarterly: Nov 30 -> Feb 28'],
    ['HA', '2026-08-31T14:00:00Z', '2027-02-28T14:00:00.000Z', 'every six months: Aug 31 -> Feb 28'],
    ['AN', '2028-02-29T14:00:00Z', '2029-02-28T14:00:00.000Z', 'annual: Feb 29 -> Feb 28'],
    ['TE', '2026-01-31T14:00:00Z', '2026-02-28T14:00:00.000Z', '"TE 28 days" counts days'],
    ['TE', '2026-03-01T14:00:00Z', '2026-03-29T14:00:00.000Z', '28 days, not a month'],
    ['WE', '2026-01-31T14:00:00Z', '2026-02-07T14:00:00.000Z', 'weekly: 7 days'],
    ['BW', '2026-01-31T14:00:00Z', '2026-02-14T14:00:00.000Z', 'every two weeks: 14 days'],
    ['DA', '2026-02-28T14:00:00Z', '2026-03-01T14:00:00.000Z', 'daily'],
    ['OS', '2026-01-01T14:00:00Z', '2026-06-18T14:00:00.000Z', '168 days'],
    ['EF', '2026-01-01T14:00:00Z', '2026-03-26T14:00:00.000Z', '84 days'],
    ['XX', '2026-01-31T14:00:00Z', '2026-02-28T14:00:00.000Z', 'an unknown code is monthly'],
  ])('%s started %s is first charged %s (%s)', (period, from, next, _why) => {
    expect(nextSubscriptionChargeDate(period, at(from)).toISOString()).toBe(next);
  });
});

describe('a renewal keeps the subscription\'s schedule: the first date after the one it was due, and still ahead', () => {
  it.each([
    ['MO', '2026-01-01T09:00:00Z', '2026-01-01T09:00:00Z', undefined, '2026-02-01T09:00:00.000Z', 'run on time'],
    ['MO', '2026-01-01T09:00:00Z', '2026-01-01T09:04:30Z', undefined, '2026-02-01T09:00:00.000Z', 'run minutes late: the timer\'s lateness is not carried on'],
    ['MO', '2026-01-01T09:00:00Z', '2026-01-29T09:00:00Z', undefined, '2026-02-01T09:00:00.000Z', 'run days late, still within the period'],
    ['MO', '2026-01-01T09:00:00Z', '2026-02-01T09:00:00Z', undefined, '2026-03-01T09:00:00.000Z', 'run a whole period late: the next date ahead, one charge'],
    ['MO', '2026-02-28T14:00:00Z', '2026-02-28T14:00:00Z', '2026-01-31T14:00:00Z', '2026-03-31T14:00:00.000Z', 'started Jan 31: after Feb 28 comes Mar 31'],
    ['MO', '2026-03-31T14:00:00Z', '2026-03-31T14:01:00Z', '2026-01-31T14:00:00Z', '2026-04-30T14:00:00.000Z', 'started Jan 31: after Mar 31 comes Apr 30'],
    ['BA', '2027-02-28T14:00:00Z', '2027-02-28T14:00:00Z', '2026-08-31T14:00:00Z', '2027-08-31T14:00:00.000Z', 'bi-annual, twice a year, started Aug 31: Feb 28, then Aug 31'],
    ['MO', '2026-03-10T14:00:00Z', '2026-03-10T14:00:00Z', '2026-01-31T14:00:00Z', '2026-03-31T14:00:00.000Z', 'made due off its schedule: back on it'],
    ['WE', '2026-01-01T09:00:00Z', '2026-01-20T12:00:00Z', undefined, '2026-01-22T09:00:00.000Z', 'weeks missed: the first weekly date after now'],
    ['TE', '2026-02-28T14:00:00Z', '2026-02-28T14:00:00Z', '2026-01-31T14:00:00Z', '2026-03-28T14:00:00.000Z', '28 days stay 28 days'],
    ['DA', '2026-01-01T09:00:00Z', '2026-01-01T08:00:00Z', undefined, '2026-01-02T09:00:00.000Z', 'a clock behind the due date: still a period on'],
    ['XX', '2026-01-01T09:00:00Z', '2026-01-01T09:00:00Z', undefined, '2026-02-01T09:00:00.000Z', 'an unknown code is monthly'],
  ])('%s due %s, renewed at %s, started %s -> %s (%s)', (period, due, now, anchor, next, _why) => {
    expect(renewedSubscriptionChargeDate(period, at(due), at(now), anchor === undefined ? undefined : at(anchor)).toISOString()).toBe(next);
  });
});
