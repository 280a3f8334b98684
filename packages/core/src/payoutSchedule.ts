import { isBusinessDay } from './bankHolidays';
// The books speak in the merchant's time zone (reports, periods).

type PayoutSchedule = 'daily' | 'weekly' | 'manual';

export function timeZoneOfCountry(country: string): string {
  return country === 'CO' ? 'America/Bogota' : 'America/Panama';
}

function localDateOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

export function localDateTimeOf(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** The key a payout is made once for, per merchant; none for `manual`. */
export function payoutPeriodOf(schedule: PayoutSchedule, instant: Date, timeZone: string): string | undefined {
  const day = localDateOf(instant, timeZone);
  if (schedule === 'daily') return `daily:${day}`;
  if (schedule === 'weekly') return `weekly:${addDays(day, -((weekdayOf(day) + 6) % 7))}`;
  return undefined;
}

/** The next business day after the instant's day in the merchant's country: its banks open (bankHolidays.ts). */
export function arrivalDateOf(instant: Date, country: string): string {
  let day = addDays(localDateOf(instant, timeZoneOfCountry(country)), 1);
  while (!isBusinessDay(country, day)) day = addDays(day, 1);
  return day;
}
