import { describe, expect, it } from 'vitest';
import { arrivalDateOf, localDateTimeOf, payoutPeriodOf, timeZoneOfCountry } from './payoutSchedule';

const PANAMA = timeZoneOfCountry('PA');

describe('payoutPeriodOf: one payout per merchant and period, in its time zone', () => {
  it.each<[string, 'daily' | 'weekly' | 'manual', string, string | undefined]>([
    ['daily: the Panama day, not the UTC one', 'daily', '2026-11-27T03:00:00Z', 'daily:2026-11-26'],
    ['daily: just after Panama midnight', 'daily', '2026-11-27T05:00:00Z', 'daily:2026-11-27'],
    ['weekly: a Thursday belongs to its Monday', 'weekly', '2026-11-26T15:00:00Z', 'weekly:2026-11-23'],
    ['weekly: a Sunday too', 'weekly', '2026-11-29T15:00:00Z', 'weekly:2026-11-23'],
    ['weekly: a Monday is its own', 'weekly', '2026-11-23T15:00:00Z', 'weekly:2026-11-23'],
    ['manual: never on a schedule', 'manual', '2026-11-26T15:00:00Z', undefined],
  ])('%s', (_what, schedule, at, period) => {
    expect(payoutPeriodOf(schedule, new Date(at), PANAMA)).toBe(period);
  });
});

describe('arrivalDateOf: the next business day', () => {
  it.each<[string, string, string]>([
    ['a Thursday: Friday', '2026-11-26T15:00:00Z', '2026-11-27'],
    ['a Friday: Monday', '2026-11-27T15:00:00Z', '2026-11-30'],
    ['a Saturday: Monday', '2026-11-28T15:00:00Z', '2026-11-30'],
  ])('%s', (_what, at, day) => {
    expect(arrivalDateOf(new Date(at), PANAMA)).toBe(day);
  });
});

it('localDateTimeOf writes the wall clock of the time zone, Colombia\'s too', () => {
  expect(localDateTimeOf(new Date('2026-11-27T03:04:05Z'), PANAMA)).toBe('2026-11-26 22:04:05');
  expect(localDateTimeOf(new Date('2026-11-27T03:04:05Z'), timeZoneOfCountry('CO'))).toBe('2026-11-26 22:04:05');
});
