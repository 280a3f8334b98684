import { createElement } from 'react';
import { act } from 'preact/test-utils';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogs } from '@pasarela/core';
import { startI18n } from '../i18n/i18n';
import { render } from '../testing/render';
import { announcementDue, Countdown } from './Countdown';

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

describe('Countdown: what a screen reader finds beside the timer', () => {
  beforeAll(() => startI18n('es', catalogs.es));
  afterEach(() => vi.useRealTimers());

  it('never holds a time other than the timer\'s: beside it, read line by line, it says the same or nothing', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { container, unmount } = await render(createElement(Countdown, { deadline: Date.now() + 121_500, serverNow: () => Date.now(), labelKey: 'time_left_to_pay' }));
    const hidden = () => container.querySelector('.visually-hidden')?.textContent;
    const shown = () => container.querySelector('[role="timer"]')?.textContent;
    const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
    expect(hidden()).toBe('');
    const said: string[] = [];
    for (let step = 0; step < 500; step++) {
      await advance(250);
      const words = hidden() ?? '';
      if (words !== '') {
        expect(words).toBe(shown());
        if (said.at(-1) !== words) said.push(words);
      }
    }
    // Still the periodic announcements: each minute, 30 and 10 seconds.
    expect(said).toEqual(['Tienes 02:00 para pagar', 'Tienes 01:00 para pagar', 'Tienes 00:30 para pagar', 'Tienes 00:10 para pagar', 'Tienes 00:00 para pagar']);
    await unmount();
  });
});
