import { PANAMA_UTC_OFFSET_MS, toMs } from './panamaTime';

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;
const DMY_DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{4})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Text without an offset ('2026-11-21 18:00:00', '21/11/2026 18:00') is Panama wall time. */
function parseExpiresAt(expiresAt: string | number | null | undefined): number | null {
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

export function remainingMs(expiresAt: string | number | null | undefined, now: Date | number): number | null {
  const at = parseExpiresAt(expiresAt);
  if (at === null) return null;
  return Math.max(0, at - toMs(now));
}

/** The server still answers 3000 for a link expired by its own reading. */
export function isLinkExpired(expiresAt: string | number | null | undefined, now: Date | number): boolean {
  const left = remainingMs(expiresAt, now);
  return left !== null && left <= 0;
}
