import { panamaParts } from './panamaTime';

const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

function parseExpiry(value: string): { month: number; year: number } | null {
  const m = EXPIRY.exec(value.trim());
  if (!m) return null;
  return { month: Number(m[1]), year: 2000 + Number(m[2]) };
}

/** Good through the last day of its month, by Panama's calendar. */
export function isExpiryValid(value: string, now: Date | number): boolean {
  const parsed = parseExpiry(value);
  if (!parsed) return false;
  const today = panamaParts(now);
  const nowIndex = Number(today.year) * 12 + Number(today.month) - 1;
  return parsed.year * 12 + parsed.month - 1 >= nowIndex;
}

/** The payload's separate month ('07') and year ('30' or '2030': a card's year of four digits is 20xx, as MM/YY reads it). */
export function isCardExpiryValid(expMonth: string, expYear: string, now: Date | number): boolean {
  const year = expYear.trim();
  if (!/^(?:20)?\d{2}$/.test(year)) return false;
  return isExpiryValid(`${expMonth.trim()}/${year.slice(-2)}`, now);
}
