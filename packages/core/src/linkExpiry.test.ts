import { describe, expect, it } from 'vitest';
import { isLinkExpired, remainingMs } from './linkExpiry';
import { formatPanamaDate, formatPanamaTime } from './panamaTime';

describe('SPEC 4 "Link expiry: ... remaining time is set from EXPIRES_AT relative to Panama time"', () => {
  it.each([
    ['2026-11-21 18:00:00', Date.UTC(2026, 10, 21, 23, 0, 0), 'Panama wall time without offset'],
    ['2026-11-21T18:00', Date.UTC(2026, 10, 21, 23, 0, 0), 'ISO without seconds'],
    ['2026-11-21', Date.UTC(2026, 10, 21, 5, 0, 0), 'date only is Panama midnight'],
    ['2026-11-21T18:00:00.5', Date.UTC(2026, 10, 21, 23, 0, 0, 500), 'fraction of a second'],
    ['21/11/2026 18:00', Date.UTC(2026, 10, 21, 23, 0, 0), 'dd/mm/yyyy hh:mm'],
    ['21/11/2026', Date.UTC(2026, 10, 21, 5, 0, 0), 'dd/mm/yyyy'],
    ['2026-11-21T18:00:00Z', Date.UTC(2026, 10, 21, 18, 0, 0), 'an explicit Z is kept'],
    ['2026-11-21T18:00:00-03:00', Date.UTC(2026, 10, 21, 21, 0, 0), 'an explicit offset is kept'],
    ['1795000000000', 1795000000000, 'epoch ms as text'],
    [1795000000000, 1795000000000, 'epoch ms'],
    [' 2026-11-21 18:00:00 ', Date.UTC(2026, 10, 21, 23, 0, 0), 'spaces around it'],
    ['1795000000000abc', null, 'digits then text is unreadable'],
    ['x1795000000000', null, 'text then digits is unreadable'],
    ['', null, 'empty'],
    ['soon', null, 'unreadable'],
    [null, null, 'missing'],
    [undefined, null, 'undefined'],
    [Number.NaN, null, 'NaN'],
  ])('%j -> %s (%s)', (text, ms, _why) => {
    // the time left from the epoch is the instant read
    expect(remainingMs(text, 0)).toBe(ms);
  });

  const expires = '2026-11-21 18:00:00'; // 23:00 UTC
  it.each([
    [Date.UTC(2026, 10, 21, 22, 59, 0), 60_000, false],
    [Date.UTC(2026, 10, 21, 23, 0, 0), 0, true],
    [Date.UTC(2026, 10, 22, 0, 0, 0), 0, true],
  ])('now %s: remaining %s, expired %s', (now, left, expired) => {
    expect(remainingMs(expires, now)).toBe(left);
    expect(isLinkExpired(expires, new Date(now))).toBe(expired);
  });

  it('a link without EXPIRES_AT has no remaining time and never expires on the client', () => {
    expect(remainingMs(null, Date.now())).toBeNull();
    expect(isLinkExpired(undefined, Date.now())).toBe(false);
  });
});

describe('SPEC 9 "Date format day/month/year, time hours:minutes:seconds" in Panama time', () => {
  it.each([
    [Date.UTC(2026, 0, 1, 4, 5, 6), '31/12/2025', '23:05:06'],
    [Date.UTC(2026, 6, 9, 17, 0, 9), '09/07/2026', '12:00:09'],
  ])('%s -> %s %s', (at, date, time) => {
    expect(formatPanamaDate(at)).toBe(date);
    expect(formatPanamaTime(new Date(at))).toBe(time);
  });
});
