import { describe, expect, it } from 'vitest';
import { linesForOnePayout } from './payoutLines';

const nets = (...cents: number[]) => cents.map((net_cents) => ({ net_cents }));

// docs/merchant-api.md: "a payout carries at most 21 474 836.47 dollars or 21 474 836 pesos: past that,
// the same run pays the rest, oldest lines first, in further payouts of the period": a balance that
// fits is one payout, and no payout carries more than the balance.
describe('a payout carries the oldest lines whose sum fits it; the rest waits for a further payout', () => {
  it.each([
    [nets(60, -20, 50, 15), 100, nets(60, -20, 50), true, 'stops at the first line that would pass the limit'],
    [nets(60, 40), 100, nets(60, 40), false, 'the limit itself fits'],
    [nets(-10, 105), 100, nets(-10, 105), false, 'a refund first makes room for a later sale'],
    [nets(20, 100), 100, nets(20), true, 'a later line that fits alone goes in the next payout'],
    [nets(50, 60, -5), 100, nets(50), true, 'oldest first: a later refund does not pull a line forward'],
    [nets(50, 60, -30), 100, nets(50, 60, -30), false, 'a balance that fits is one payout, whatever its order'],
    [nets(50, 60, -70), 100, nets(50, 60, -70), false, 'a refund after the limit: never paid out before it (50 owed, not 50 paid and -10 left)'],
    [nets(90, 30, 40, -50), 100, nets(90), true, 'past the limit, what is left sums to more than zero: 20 for the next payout'],
    [[], 100, [], false, 'nothing available'],
  ])('%j at most %d -> %j, more %s: %s', (lines, max, taken, more, _why) => {
    expect(linesForOnePayout(lines, max)).toEqual({ taken, more });
  });

  it('by default the limit is the integer column\'s', () => {
    expect(linesForOnePayout(nets(2 ** 31 - 2, 1))).toEqual({ taken: nets(2 ** 31 - 2, 1), more: false });
    expect(linesForOnePayout(nets(2 ** 31 - 2, 2))).toEqual({ taken: nets(2 ** 31 - 2), more: true });
  });
});
