import { describe, expect, it } from 'vitest';
import { renewedSubscriptionChargeDate } from './subscriptionSchedule';

const at = (iso: string) => Date.parse(iso);

describe('a renewal keeps the subscription\'s schedule: its due date a period on, the first still ahead', () => {
  it.each([
    ['MO', '2026-01-01T09:00:00Z', '2026-01-01T09:00:00Z', '2026-01-31T09:00:00.000Z', 'run on time'],
    ['MO', '2026-01-01T09:00:00Z', '2026-01-01T09:04:30Z', '2026-01-31T09:00:00.000Z', 'run minutes late: the timer\'s lateness is not carried on'],
    ['MO', '2026-01-01T09:00:00Z', '2026-01-29T09:00:00Z', '2026-01-31T09:00:00.000Z', 'run days late, still within the period'],
    ['MO', '2026-01-01T09:00:00Z', '2026-01-31T09:00:00Z', '2026-03-02T09:00:00.000Z', 'run a whole period late: the next date ahead, one charge'],
    ['WE', '2026-01-01T09:00:00Z', '2026-01-20T12:00:00Z', '2026-01-22T09:00:00.000Z', 'weeks missed: the first weekly date after now'],
    ['DA', '2026-01-01T09:00:00Z', '2026-01-01T08:00:00Z', '2026-01-02T09:00:00.000Z', 'a clock behind the due date: still a period on'],
    ['XX', '2026-01-01T09:00:00Z', '2026-01-01T09:00:00Z', '2026-01-31T09:00:00.000Z', 'an unknown code is monthly'],
  ])('%s due %s, renewed at %s -> %s (%s)', (period, due, now, next, _why) => {
    expect(renewedSubscriptionChargeDate(period, at(due), at(now)).toISOString()).toBe(next);
  });
});
