import { describe, expect, it, vi } from 'vitest';
import { runOnTimer } from './runOnTimer';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runOnTimer', () => {
  it('goes on ticking after failed runs, including work that throws before its first await', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const stop = runOnTimer(10, () => {
      runs += 1;
      if (runs === 1) throw new Error('thrown at once');
      if (runs === 2) return Promise.reject(new Error('rejected'));
      return Promise.resolve();
    }, (error) => errors.push(error));
    // Two more runs after the two failures, however long a loaded machine takes to fire the timer.
    await vi.waitFor(() => expect(runs).toBeGreaterThan(3), { timeout: 10_000, interval: 10 });
    await stop();
    expect(errors.map((e) => (e as Error).message)).toEqual(['thrown at once', 'rejected']);
  });

  it('never runs twice at once, and stop() waits for the run in progress', async () => {
    let running = 0;
    let most = 0;
    let finished = 0;
    const stop = runOnTimer(5, async () => {
      running += 1;
      most = Math.max(most, running);
      await sleep(40);
      running -= 1;
      finished += 1;
    }, () => undefined);
    await sleep(60);
    await stop();
    const after = finished;
    await sleep(60);
    expect(most).toBe(1);
    expect(running).toBe(0);
    expect(finished).toBe(after);
  });
});
