import { describe, expect, it } from 'vitest';
import { isCardExpiryValid, isExpiryValid } from './cardExpiry';

const NOW = Date.UTC(2026, 10, 1, 3, 0, 0); // 31 Oct 2026, 22:00 in Panama

describe('SPEC 5 expired "Card expiry MM/YY must not be in the past" (judged in Panama)', () => {
  it.each([
    ['10/26', true, 'still October in Panama'],
    ['09/26', false, 'last month'],
    ['11/26', true, 'next month'],
    ['12 / 30', true, 'spaces around the slash'],
    ['00/30', false, 'month 0'],
    ['1/30', false, 'one-digit month'],
    ['10/2026', false, 'four-digit year is not MM/YY'],
  ])('%j -> %s (%s)', (value, ok, _why) => {
    expect(isExpiryValid(value, NOW)).toBe(ok);
  });

  it('reads MM/YY, spaces around it too', () => {
    expect(isExpiryValid('07/30', NOW)).toBe(true);
    expect(isExpiryValid(' 07/30 ', NOW)).toBe(true);
    expect(isExpiryValid('7/30', NOW)).toBe(false);
  });

  it.each([
    ['10', '26', true], ['10', '2026', true], ['09', '2026', false], ['10', '226', false], ['13', '30', false], [' 10 ', ' 26 ', true],
    // Four digits are a year of this century, as MM/YY reads two: 1930 and 2130 are not 2030.
    ['10', '2030', true], ['10', '1930', false], ['10', '2130', false], ['10', '0030', false],
  ])('payload month %s year %s -> %s', (m, y, ok) => {
    expect(isCardExpiryValid(m, y, NOW)).toBe(ok);
  });
});
