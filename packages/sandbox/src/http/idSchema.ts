import * as v from 'valibot';

/** The largest value a PostgreSQL `integer` column (every id here) holds. */
export const MAX_DB_INTEGER = 2_147_483_647;

/** An id in a request body: a whole number from 1 to MAX_DB_INTEGER, so no bad id reaches SQL as an out-of-range error. */
export const idSchema = (missingMessage = 'missing_arguments', invalidMessage = missingMessage) =>
  v.pipe(v.number(missingMessage), v.integer(invalidMessage), v.minValue(1, invalidMessage), v.maxValue(MAX_DB_INTEGER, invalidMessage));

/** A whole number from a query parameter within [min, max], else the fallback. */
export function queryInteger(raw: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number(raw);
  if (raw === undefined || raw.trim() === '' || !Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}
