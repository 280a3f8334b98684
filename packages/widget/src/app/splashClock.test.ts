import { describe, expect, it } from 'vitest';
import { splashShownMs } from './splashClock';

const root = (marked: boolean) => {
  const element = document.createElement('div');
  if (marked) element.setAttribute('data-splash', '');
  return element;
};
const timing = (now: number, firstPaint?: number) => ({
  now: () => now,
  getEntriesByName: (name: string) => (name === 'first-paint' && firstPaint !== undefined ? [{ startTime: firstPaint } as PerformanceEntry] : []),
});

// SPEC 2 "A splash screen ... shows for 3 seconds at start": the page draws it from its first paint,
// so the script's splash takes only what is left of the 3 s.
describe('splashShownMs', () => {
  it.each<[string, boolean, number, number | undefined, number]>([
    ['the page drew the splash at 48 ms and the script starts at 190 ms', true, 190, 48, 142],
    ['the script starts before the first paint', true, 40, undefined, 0],
    ['the page drew no splash (a reopen, a return, a test page)', false, 190, 48, 0],
    ['a paint stamped after now (clocks never go back)', true, 40, 48, 0],
  ])('%s', (_case, marked, now, firstPaint, shown) => {
    expect(splashShownMs(root(marked), timing(now, firstPaint))).toBe(shown);
  });

  it('is 0 without a root', () => {
    expect(splashShownMs(null, timing(500, 20))).toBe(0);
  });
});
