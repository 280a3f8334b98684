import type { Deps } from '../Deps';
import { chargeDueSubscriptions } from './chargeDueSubscription';

/**
 * Issue 4 "subscriptions charging at once when due", while the server runs: every intervalMs the
 * due subscriptions are charged. A sweep still running when the next tick comes is not doubled.
 * Returns the function that stops the timer (the server calls it on close). 0 means no timer.
 */
export function chargeDueOnTimer(deps: Pick<Deps, 'db'>, intervalMs: number): () => void {
  if (intervalMs <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    chargeDueSubscriptions(deps)
      .catch((error: unknown) => console.error('[sandbox] charging due subscriptions failed:', error instanceof Error ? error.message : String(error)))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  // The timer alone must not keep a process alive that has nothing else to do.
  timer.unref();
  return () => clearInterval(timer);
}
