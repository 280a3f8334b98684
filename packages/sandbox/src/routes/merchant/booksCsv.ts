import { localDateTimeOf } from '@pasarela/core';

const CSV = 'text/csv';
const JSON_TYPE = 'application/json';

interface MediaRange {
  type: string;
  q: number;
  position: number;
}

function mediaRangesOf(accept: string): MediaRange[] {
  return accept.split(',').flatMap((part, position) => {
    const [type = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!type) return [];
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    return [{ type, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0, position }];
  });
}

/** RFC 9110 12.5.1: the most specific range that names the type gives its weight. */
function weightOf(ranges: readonly MediaRange[], type: string): MediaRange | undefined {
  const [major] = type.split('/');
  return ranges.find((r) => r.type === type) ?? ranges.find((r) => r.type === `${major}/*`) ?? ranges.find((r) => r.type === '*/*');
}

/**
 * CSV only when the client weighs it above JSON, or equally and names it first; JSON otherwise
 * (also with no Accept, or when neither is acceptable).
 */
export function prefersCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = mediaRangesOf(accept);
  const csv = weightOf(ranges, CSV);
  if (!csv || csv.q === 0) return false;
  const json = weightOf(ranges, JSON_TYPE);
  if (!json || json.q === 0) return true;
  if (csv.q !== json.q) return csv.q > json.q;
  return csv.type === CSV && (json.type !== JSON_TYPE || csv.position < json.position);
}

const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

/** The file a bookkeeper saves names what it holds: a payout's lines, a range of days (UTC), or every line. */
export function csvFileName(q: { payout?: string | undefined; createdFrom?: Date | undefined; createdTo?: Date | undefined }): string {
  if (q.payout) return `balance-transactions-${q.payout}.csv`;
  if (q.createdFrom || q.createdTo) return `balance-transactions-${q.createdFrom ? dayOf(q.createdFrom) : 'start'}-to-${q.createdTo ? dayOf(q.createdTo) : 'now'}.csv`;
  return 'balance-transactions.csv';
}

/**
 * ISO 8601 in the merchant's wall clock with its offset and the milliseconds the JSON's times carry
 * (2026-03-02T09:15:00.123-05:00): a spreadsheet and a program read the same instant, a line's time
 * matches its createdAt, and lines of the same second still sort in the order they were made.
 */
export function localTimeWithOffset(instant: Date, timeZone: string): string {
  const local = localDateTimeOf(instant, timeZone).replace(' ', 'T');
  const wholeSecond = Math.floor(instant.getTime() / 1000) * 1000;
  const millis = String(instant.getTime() - wholeSecond).padStart(3, '0');
  const offsetMinutes = Math.round((Date.parse(`${local}Z`) - wholeSecond) / 60_000);
  if (offsetMinutes === 0) return `${local}.${millis}Z`;
  const abs = Math.abs(offsetMinutes);
  return `${local}.${millis}${offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
