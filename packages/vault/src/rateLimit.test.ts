import { expect, it } from 'vitest';
import { rateLimit } from './rateLimit';

it('counts each client in its window, and stays quick with tens of thousands of clients in one window (an IPv6 range\'s /64s)', () => {
  let at = 1_000;
  const limit = rateLimit(2, 60_000, () => at);
  const started = performance.now();
  for (let i = 0; i < 40_000; i++) limit.take(`2001:db8:${i.toString(16)}::/64`);
  // About 20 ms; a scan of every window on each call took seconds here, the node serving nobody meanwhile.
  expect(performance.now() - started).toBeLessThan(2_000);
  expect([limit.take('a'), limit.take('a'), limit.take('a')]).toEqual([0, 0, 60]);
  // A window past is a new one, whether or not its entry was cleared yet.
  at += 60_000;
  expect([limit.take('a'), limit.take('2001:db8:0::/64')]).toEqual([0, 0]);
  for (let i = 0; i < 20_000; i++) limit.take(`2001:db8:${i.toString(16)}::/64`);
  expect(limit.take('2001:db8:1::/64')).toBe(0);
  expect(limit.take('2001:db8:1::/64')).toBe(60);
});
