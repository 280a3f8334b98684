import { describe, expect, it } from 'vitest';
import { receiptDateText } from './panamaTime';

describe('SPEC "Receipt: date, name, ...": the receipt\'s date as the payer reads it, Panama\'s day and time (DD/MM/YYYY HH:mm:ss)', () => {
  it.each([
    ['01/12/2026 01:34:02', '01/12/2026 01:34:02', 'the receipt by operation says it already: the 1st of December, not January 12th'],
    ['12/01/2026 23:59:59', '12/01/2026 23:59:59', 'the 12th of January stays the 12th of January'],
    ['30/11/2026 20:05:00', '30/11/2026 20:05:00', 'a day past the 12th, as it came'],
    ['2026-11-21T17:30:00Z', '21/11/2026 12:30:00', 'an ISO instant (a campaign receipt) in Panama, five hours behind UTC'],
    ['2026-12-01T03:10:00.123Z', '30/11/2026 22:10:00', 'its fraction left out, and the day before in Panama'],
    ['2026-12-01T01:34:02-05:00', '01/12/2026 01:34:02', 'an instant with its offset'],
    ['2026-12-01T06:34+00:00', '01/12/2026 01:34:00', 'an instant without seconds'],
    ['2026-13-45T00:00:00Z', '2026-13-45T00:00:00Z', 'no such instant: as it came'],
    ['2026-12-01 06:34:02', '2026-12-01 06:34:02', 'no offset, so no instant to move: as it came'],
    ['Dec 1, 2026', 'Dec 1, 2026', 'anything else as it came, never guessed'],
    ['', '', 'empty'],
  ])('%s -> %s (%s)', (date, shown) => {
    expect(receiptDateText(date)).toBe(shown);
  });
});
