import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  it('folds calls made while one runs into one more run', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const refresh = coalesce(async () => {
      runs += 1;
      if (runs === 1) await new Promise<void>((r) => (release = r));
    });
    const first = refresh();
    void refresh();
    void refresh();
    release();
    await first;
    expect(runs).toBe(2);
    await refresh();
    expect(runs).toBe(3);
  });
});
