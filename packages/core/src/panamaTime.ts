import type { Language } from './constants';

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

const ENGLISH_MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

type ShownParts = Pick<ReturnType<typeof panamaParts>, 'day' | 'month' | 'year' | 'hours' | 'minutes' | 'seconds'>;

/** Parts of a day and time in Panama as a payer in this language reads them (payerDateText). */
export function shownText(p: ShownParts, lang: Language, time: boolean, offset: boolean): string {
  // Panama's offset (Colombia's too), said so that a payer elsewhere knows whose time it is.
  const clock = time ? ` ${p.hours}:${p.minutes}:${p.seconds}${offset ? ' (UTC-5)' : ''}` : '';
  return lang === 'en' ? `${Number(p.day)} ${ENGLISH_MONTHS[Number(p.month) - 1]} ${p.year}${clock && ','}${clock}` : `${p.day}/${p.month}/${p.year}${clock}`;
}

/**
 * A day (and its time) in Panama as a payer in their language reads it, day, month and year (SPEC "Date
 * format day/month/year"): Spanish in figures (07/12/2026), as Panama and Colombia write them; English with
 * the month's name (7 Dec 2026), which no English reader takes for July 12th. A time is 24 h and says its offset, unless its text names Panama's time itself (`offset: false`).
 */
export function payerDateText(instant: Date | number, lang: Language, { time = true, offset = true }: { time?: boolean; offset?: boolean } = {}): string {
  return shownText(panamaParts(instant), lang, time, offset);
}
