import { describe, expect, it } from 'vitest';
import { isBusinessDay } from './bankHolidays';
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

describe('arrivalDateOf: "the next business day in your time zone", the banks of the merchant\'s country open', () => {
  it.each<[string, 'PA' | 'CO', string, string]>([
    ['a Thursday: Friday', 'PA', '2026-11-26T15:00:00Z', '2026-11-27'],
    ['a Friday: Monday', 'PA', '2026-11-27T15:00:00Z', '2026-11-30'],
    ['a Saturday: Monday', 'PA', '2026-11-28T15:00:00Z', '2026-11-30'],
    ['New Year\'s Eve at 23:59:59 in Panama: not New Year\'s Day but the Monday after', 'PA', '2027-01-01T04:59:59Z', '2027-01-04'],
    ['Panama, Monday 7 December: Wednesday (8 December is Mothers\' Day)', 'PA', '2026-12-07T15:00:00Z', '2026-12-09'],
    ['Colombia, Monday 7 December: Wednesday (8 December is the Immaculate Conception)', 'CO', '2026-12-07T15:00:00Z', '2026-12-09'],
    ['Panama, Saturday 19 December: Tuesday (20 December falls on Sunday, rested on Monday 21)', 'PA', '2026-12-19T15:00:00Z', '2026-12-22'],
    ['Colombia, Friday 9 January 2026: Tuesday (6 January moved to Monday 12)', 'CO', '2026-01-09T15:00:00Z', '2026-01-13'],
    ['Panama, Friday 9 January 2026 is itself a holiday; the day after Thursday 8 is Monday 12', 'PA', '2026-01-08T15:00:00Z', '2026-01-12'],
    ['Panama, Monday of Carnival 2026: Wednesday (Carnival\'s Tuesday, 17 February)', 'PA', '2026-02-16T15:00:00Z', '2026-02-18'],
    ['Colombia, Wednesday of Holy Week 2026: Monday (Holy Thursday and Good Friday)', 'CO', '2026-04-01T15:00:00Z', '2026-04-06'],
    ['Colombia, the Friday before Ascension\'s Monday 2026: Tuesday 19 May', 'CO', '2026-05-15T15:00:00Z', '2026-05-19'],
    ['Colombia, Corpus Christi\'s and the Sacred Heart\'s Mondays 2026 (8 and 15 June)', 'CO', '2026-06-05T15:00:00Z', '2026-06-09'],
    ['Panama has no Corpus Christi: Monday 8 June 2026 is a business day', 'PA', '2026-06-05T15:00:00Z', '2026-06-08'],
    ['Colombia, 1 November 2026 on a Sunday moves to Monday 2', 'CO', '2026-10-30T15:00:00Z', '2026-11-03'],
    ['Panama, 3 November 2026 (Separation from Colombia) and 5 (Colón)', 'PA', '2026-11-02T15:00:00Z', '2026-11-04'],
  ])('%s', (_what, country, at, day) => {
    expect(arrivalDateOf(new Date(at), country)).toBe(day);
  });
});

describe('the bank holidays each country keeps (business days: Monday to Friday but those)', () => {
  const weekdaysClosed = (country: 'PA' | 'CO') => Array.from({ length: 365 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10))
    .filter((day) => ![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()) && !isBusinessDay(country, day));

  it.each<[number, string]>([[2025, '2025-04-18'], [2026, '2026-04-03'], [2027, '2027-03-26'], [2028, '2028-04-14'], [2038, '2038-04-23']])('Good Friday %i, two days before Easter, is %s in both', (_year, day) => {
    expect([isBusinessDay('PA', day), isBusinessDay('CO', day)]).toEqual([false, false]);
  });

  it('Colombia 2026: the 18 festivos of its published calendar, every one on a weekday', () => {
    expect(weekdaysClosed('CO')).toEqual(['2026-01-01', '2026-01-12', '2026-03-23', '2026-04-02', '2026-04-03', '2026-05-01', '2026-05-18', '2026-06-08', '2026-06-15', '2026-06-29', '2026-07-20', '2026-08-07', '2026-08-17', '2026-10-12', '2026-11-02', '2026-11-16', '2026-12-08', '2026-12-25']);
  });

  it('Panama 2026: its national holidays on weekdays (28 November is a Saturday), 20 December (a Sunday) rested on the Monday', () => {
    expect(weekdaysClosed('PA')).toEqual(['2026-01-01', '2026-01-09', '2026-02-17', '2026-04-03', '2026-05-01', '2026-11-03', '2026-11-05', '2026-11-10', '2026-12-08', '2026-12-21', '2026-12-25']);
  });

  it('a weekday that is no holiday is a business day; a weekend day never is', () => {
    expect([isBusinessDay('PA', '2026-12-04'), isBusinessDay('PA', '2026-12-05'), isBusinessDay('CO', '2026-12-06'), isBusinessDay('CO', '2026-12-08')]).toEqual([true, false, false, false]);
  });
});

it('localDateTimeOf writes the wall clock of the time zone, Colombia\'s too', () => {
  expect(localDateTimeOf(new Date('2026-11-27T03:04:05Z'), PANAMA)).toBe('2026-11-26 22:04:05');
  expect(localDateTimeOf(new Date('2026-11-27T03:04:05Z'), timeZoneOfCountry('CO'))).toBe('2026-11-26 22:04:05');
});
