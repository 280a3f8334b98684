
// SPEC 4 "Link expiry: when positive, remaining time is set from EXPIRES_AT relative to Panama time."

/** PANAMA_TIME_ZONE (America/Panama) keeps UTC-5 all year (no daylight saving since 1908), so a fixed offset is exact. */
export const PANAMA_UTC_OFFSET_MS = -5 * 60 * 60 * 1000;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
const DMY_DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{4})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * EXPIRES_AT as epoch ms. Text with an offset or Z is taken as written; text without one
 * ('2026-11-21 18:00:00', '21/11/2026 18:00') is Panama wall time. Numbers are epoch ms.
 */
export function parseExpiresAt(expiresAt: string | number | null | undefined): number | null {
  if (expiresAt === null || expiresAt === undefined) return null;
  if (typeof expiresAt === 'number') return Number.isFinite(expiresAt) ? expiresAt : null;
  const text = expiresAt.trim();
  if (text === '') return null;
  if (/^\d{10,}$/.test(text)) return Number(text);
  const iso = LOCAL_DATE_TIME.exec(text);
  const dmy = iso ? null : DMY_DATE_TIME.exec(text);
  if (iso || dmy) {
    const [y, mo, d] = iso ? [iso[1], iso[2], iso[3]] : [dmy?.[3], dmy?.[2], dmy?.[1]];
    const m = iso ?? dmy;
    const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(m?.[4] ?? 0), Number(m?.[5] ?? 0), Number(m?.[6] ?? 0), Number((iso?.[7] ?? '0').padEnd(3, '0')));
    return utc - PANAMA_UTC_OFFSET_MS;
  }
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : parsed;
}

function toMs(now: Date | number): number {
  return typeof now === 'number' ? now : now.getTime();
}

/** Milliseconds left before the link expires; 0 when expired; null when the link has no expiry. */
export function remainingMs(expiresAt: string | number | null | undefined, now: Date | number): number | null {
  const at = parseExpiresAt(expiresAt);
  if (at === null) return null;
  return Math.max(0, at - toMs(now));
}

/** A link without a (readable) EXPIRES_AT never expires on the client; the server still answers 3000. */
export function isLinkExpired(expiresAt: string | number | null | undefined, now: Date | number): boolean {
  const left = remainingMs(expiresAt, now);
  return left !== null && left <= 0;
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
