// SPEC 9's dates and times, in Panama time: receipts, vouchers, the card's expiry month.

/** PANAMA_TIME_ZONE (America/Panama) keeps UTC-5 all year (no daylight saving since 1908), so a fixed offset is exact. */
export const PANAMA_UTC_OFFSET_MS = -5 * 60 * 60 * 1000;

/** An instant as epoch ms. */
export function toMs(now: Date | number): number {
  return typeof now === 'number' ? now : now.getTime();
}

/** The wall-clock parts of an instant in Panama, for dd/mm/yyyy and hh:mm:ss texts. */
export function panamaParts(instant: Date | number): { day: string; month: string; year: string; hours: string; minutes: string; seconds: string } {
  const d = new Date(toMs(instant) + PANAMA_UTC_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    day: two(d.getUTCDate()),
    month: two(d.getUTCMonth() + 1),
    year: String(d.getUTCFullYear()).padStart(4, '0'),
    hours: two(d.getUTCHours()),
    minutes: two(d.getUTCMinutes()),
    seconds: two(d.getUTCSeconds()),
  };
}

/** SPEC 9 "Date format day/month/year" in Panama time. */
export function formatPanamaDate(instant: Date | number): string {
  const p = panamaParts(instant);
  return `${p.day}/${p.month}/${p.year}`;
}

/** SPEC 9 "time hours:minutes:seconds" in Panama time. */
export function formatPanamaTime(instant: Date | number): string {
  const p = panamaParts(instant);
  return `${p.hours}:${p.minutes}:${p.seconds}`;
}
