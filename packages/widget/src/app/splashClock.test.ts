import { describe, expect, it } from 'vitest';
import { splashShownMs } from './splashClock';

const root = (marked: boolean) => {
  const element = document.createElement('div');
  if (marked) element.setAttribute('data-splash', '');
  return element;
};
const timing = (now: number) => ({ now: () => now });

// SPEC 2 "A splash screen ... shows for 3 seconds at start": the app's first 3 s, from the page's
// start (the payer's click), so the script's splash takes only what is left of them.
describe('splashShownMs', () => {
  it.each<[string, boolean, number, number]>([
    ['the page started 190 ms before the script (its splash drawn meanwhile)', true, 190, 190],
    ['the script runs at the page\'s start', true, 0, 0],
    ['the page drew no splash (a reopen, a return, a test page)', false, 190, 0],
    ['a script later than the whole splash', true, 3500, 3500],
  ])('%s', (_case, marked, now, shown) => {
    expect(splashShownMs(root(marked), timing(now))).toBe(shown);
  });

  it('is 0 without a root', () => {
    expect(splashShownMs(null, timing(500))).toBe(0);
  });
});
