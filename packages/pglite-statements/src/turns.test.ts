import { describe, expect, it } from 'vitest';
import { turns } from './turns';

describe('turns: one piece of work at a time on a session', () => {
  it('starts each after the one asked before it ended, failed or not, in the order asked, and times the wait apart', async () => {
    const turn = turns();
    const log: string[] = [];
    const step = (name: string, ms: number, fail = false) => () => new Promise<string>((resolve, reject) => {
      log.push(`${name} starts`);
      setTimeout(() => {
        log.push(`${name} ends`);
        if (fail) reject(new Error(name));
        else resolve(name);
      }, ms);
    });
    let waited = 0;
    const timed = (wait: () => Promise<void>) => {
      const start = performance.now();
      return wait().then(() => void (waited = performance.now() - start));
    };
    const answers = await Promise.allSettled([turn(step('a', 30)), turn(step('b', 5, true)), turn(step('c', 1), timed)]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
    expect(waited).toBeGreaterThanOrEqual(30);
  });
});
