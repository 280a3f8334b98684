/**
 * Which payment takes the focus once a call made on it from the keyboard (a settle button, a refund)
 * has taken away the control pressed: the payment itself while it is listed; gone from the list (a
 * filter it no longer matches), the one now in its place, or the one before it at the list's end;
 * null when the list is empty.
 */
export function rowAfterAction(before: readonly string[], after: readonly string[], codOper: string): string | null {
  if (after.includes(codOper)) return codOper;
  const listed = new Set(after);
  const at = before.indexOf(codOper);
  const next = before.slice(at + 1).find((other) => listed.has(other));
  if (next !== undefined) return next;
  const previous = before.slice(0, Math.max(at, 0)).reverse().find((other) => listed.has(other));
  return previous ?? after[0] ?? null;
}
