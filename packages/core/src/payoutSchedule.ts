// Issue 68 "Payouts": on a schedule per merchant (daily by default), the available balance goes to
// the merchant's bank account; the books speak in the merchant's time zone (reports, periods).

type PayoutSchedule = 'daily' | 'weekly' | 'manual';

/** The merchant's time zone by its country (Panama and Colombia keep UTC-5 all year). */
export function timeZoneOfCountry(country: string): string {
  return country === 'CO' ? 'America/Bogota' : 'America/Panama';
}

/** The instant's calendar day (YYYY-MM-DD) in a time zone. */
function localDateOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The instant as a wall-clock text in a time zone: YYYY-MM-DD HH:MM:SS (a report's column). */
export function localDateTimeOf(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/**
 * The schedule's period an instant falls in, the key a payout is made once for (per merchant):
 * `daily:<day>`, `weekly:<the week's Monday>`, in the merchant's time zone; none for `manual`.
 */
export function payoutPeriodOf(schedule: PayoutSchedule, instant: Date, timeZone: string): string | undefined {
  const day = localDateOf(instant, timeZone);
  if (schedule === 'daily') return `daily:${day}`;
  if (schedule === 'weekly') return `weekly:${addDays(day, -((weekdayOf(day) + 6) % 7))}`;
  return undefined;
}

/** When a payout sent at `instant` is due in the account: the next business day (Monday after a Friday or a weekend). */
export function arrivalDateOf(instant: Date, timeZone: string): string {
  let day = addDays(localDateOf(instant, timeZone), 1);
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, 1);
  return day;
}
