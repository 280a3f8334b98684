/** America/Panama keeps UTC-5 all year (no daylight saving since 1908), so a fixed offset is exact. */
export const PANAMA_UTC_OFFSET_MS = -5 * 60 * 60 * 1000;

export function toMs(now: Date | number): number {
  return typeof now === 'number' ? now : now.getTime();
}

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

export function formatPanamaDate(instant: Date | number): string {
  const p = panamaParts(instant);
  return `${p.day}/${p.month}/${p.year}`;
}

export function formatPanamaTime(instant: Date | number): string {
  const p = panamaParts(instant);
  return `${p.hours}:${p.minutes}:${p.seconds}`;
}
