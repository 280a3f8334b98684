/**
 * The most a payout carries: its amount and its own balance line are integer columns (cents, or
 * pesos × 100). A Colombian merchant's day of sales can pass it (two sales of 15 000 000 pesos): the
 * rest is paid out in further payouts of the same run (docs/merchant-api.md, "Payouts").
 */
const PAYOUT_MAX_CENTS = 2_147_483_647;

/**
 * The lines one payout carries: all of them when their sum fits, else the oldest, in order, stopping
 * at the first that would take the sum past `maxCents`; `more`: lines are left for a further payout.
 * Split only past the limit, what is left then sums to more than zero (the balance less at most the
 * limit), so no part pays out money that a later refund among the rest takes back.
 */
export function linesForOnePayout<L extends { net_cents: number }>(lines: readonly L[], maxCents = PAYOUT_MAX_CENTS): { taken: L[]; more: boolean } {
  if (lines.reduce((sum, line) => sum + line.net_cents, 0) <= maxCents) return { taken: [...lines], more: false };
  let sum = 0;
  let count = 0;
  while (count < lines.length && sum + (lines[count]?.net_cents ?? 0) <= maxCents) {
    sum += lines[count]?.net_cents ?? 0;
    count += 1;
  }
  return { taken: lines.slice(0, count), more: count < lines.length };
}
