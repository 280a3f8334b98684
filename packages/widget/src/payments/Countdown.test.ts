import { describe, expect, it } from 'vitest';
import { announcementDue } from './Countdown';

describe('announcementDue: a screen reader hears the time once a minute and at 30 and 10 seconds, never every second', () => {
  it.each([
    [null, 300, false],
    [301, 300, true],
    [300, 299, false],
    [241, 240, true],
    [61, 60, true],
    [59, 58, false],
    [31, 30, true],
    [30, 29, false],
    [11, 10, true],
    [10, 9, false],
    [1, 0, true],
    [45, 20, true],
    [20, 20, false],
  ])('from %s s to %s s: %s', (before, now, due) => {
    expect(announcementDue(before, now)).toBe(due);
  });

  it('over a five-minute wait it speaks about ten times, not three hundred', () => {
    let spoken = 0;
    let before: number | null = null;
    for (let s = 300; s >= 0; s--) {
      if (announcementDue(before, s)) spoken++;
      before = s;
    }
    expect(spoken).toBe(7);
  });
});
