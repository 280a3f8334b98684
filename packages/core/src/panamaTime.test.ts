import { describe, expect, it } from 'vitest';
import { payerDateText } from './panamaTime';
import { receiptDateText } from './receiptDate';

describe('SPEC "Receipt: date, name, ...": the receipt\'s date as the payer reads it, Panama\'s day and time', () => {
  it.each([
    ['01/12/2026 01:34:02', '01/12/2026 01:34:02 (UTC-5)', '1 Dec 2026, 01:34:02 (UTC-5)', 'the receipt by operation says Panama\'s: the 1st of December, not January 12th'],
    ['12/01/2026 23:59:59', '12/01/2026 23:59:59 (UTC-5)', '12 Jan 2026, 23:59:59 (UTC-5)', 'the 12th of January stays the 12th of January'],
    ['30/11/2026 20:05:00', '30/11/2026 20:05:00 (UTC-5)', '30 Nov 2026, 20:05:00 (UTC-5)', 'a day past the 12th'],
    ['07/13/2026 10:00:00', '07/13/2026 10:00:00', '07/13/2026 10:00:00', 'no thirteenth month (a month-first date): as it came'],
    ['2026-11-21T17:30:00Z', '21/11/2026 12:30:00 (UTC-5)', '21 Nov 2026, 12:30:00 (UTC-5)', 'an ISO instant (a campaign receipt) in Panama, five hours behind UTC'],
    ['2026-12-01T03:10:00.123Z', '30/11/2026 22:10:00 (UTC-5)', '30 Nov 2026, 22:10:00 (UTC-5)', 'its fraction left out, and the day before in Panama'],
    ['2026-12-01T01:34:02-05:00', '01/12/2026 01:34:02 (UTC-5)', '1 Dec 2026, 01:34:02 (UTC-5)', 'an instant with its offset'],
    ['2026-12-01T06:34+00:00', '01/12/2026 01:34:00 (UTC-5)', '1 Dec 2026, 01:34:00 (UTC-5)', 'an instant without seconds'],
    ['2026-13-45T00:00:00Z', '2026-13-45T00:00:00Z', '2026-13-45T00:00:00Z', 'no such instant: as it came'],
    ['2026-12-01 06:34:02', '2026-12-01 06:34:02', '2026-12-01 06:34:02', 'no offset, so no instant to move: as it came'],
    ['1 Dec 2026', '1 Dec 2026', '1 Dec 2026', 'anything else as it came, never guessed'],
    ['', '', '', 'empty'],
  ])('%s -> es %s, en %s (%s)', (date, es, en) => {
    expect([receiptDateText(date, 'es'), receiptDateText(date, 'en')]).toEqual([es, en]);
  });
});

describe('a day and time in Panama as a payer in their language reads it (payerDateText)', () => {
  it.each([
    [Date.UTC(2026, 11, 7, 18, 56, 55), {}, '07/12/2026 13:56:55 (UTC-5)', '7 Dec 2026, 13:56:55 (UTC-5)'],
    [Date.UTC(2026, 6, 12, 4, 0, 0), {}, '11/07/2026 23:00:00 (UTC-5)', '11 Jul 2026, 23:00:00 (UTC-5)'],
    [Date.UTC(2026, 6, 12, 4, 0, 0), { offset: false }, '11/07/2026 23:00:00', '11 Jul 2026, 23:00:00'],
    [Date.UTC(2027, 0, 1, 4, 59, 59), { time: false }, '31/12/2026', '31 Dec 2026'],
    [Date.UTC(2027, 0, 1, 5, 0, 0), { time: false }, '01/01/2027', '1 Jan 2027'],
  ])('%s %j -> es %s, en %s', (at, shown, es, en) => {
    expect([payerDateText(at, 'es', shown), payerDateText(new Date(at), 'en', shown)]).toEqual([es, en]);
  });
});
