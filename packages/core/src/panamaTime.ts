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

// An ISO 8601 instant with its offset: what a campaign's receipt answers (`tx.created_at` as JSON).
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * A receipt's `date` as the payer reads it (SPEC "Receipt: date"), in Panama's day and time: the
 * receipt by operation already says them (`DD/MM/YYYY HH:mm:ss`, the server's formatPanamaDate and
 * formatPanamaTime) and is shown as it is; an ISO 8601 instant is put in Panama's; anything else is
 * shown as it came. Nothing else goes through Date.parse, whose guesses read 01/12/2026 as January 12th.
 */
export function receiptDateText(date: string): string {
  if (!ISO_INSTANT.test(date)) return date;
  const at = Date.parse(date);
  return Number.isNaN(at) ? date : `${formatPanamaDate(at)} ${formatPanamaTime(at)}`;
}
