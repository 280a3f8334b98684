import { describe, expect, it } from 'vitest';
import { durationText } from './durationText';

describe('durationText', () => {
  it.each([
    [59_000, '00:59'],
    [61_000, '01:01'],
    [3_600_000, '1:00:00'],
    [3_661_500, '1:01:02'],
    [1, '00:01'],
  ])('%i ms -> %s', (ms, text) => {
    expect(durationText(ms)).toBe(text);
  });
});
