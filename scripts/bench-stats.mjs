// The benches' statistics: every figure they print is a median or a percentile of rounds or requests.

/** The median of the finite values (NaN when there are none). */
export function median(values) {
  const sorted = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The value below which `p` percent of the finite values fall, nearest-rank (NaN when there are none). */
export function percentile(values, p) {
  const sorted = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
