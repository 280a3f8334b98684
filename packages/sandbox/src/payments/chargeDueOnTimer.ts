import type { Deps } from '../Deps';
import { chargeDueSubscriptions } from './chargeDueSubscription';

/**
 * Issue 4 "subscriptions charging at once when due", while the server runs: every intervalMs the
 * due subscriptions are charged. A sweep still running when the next tick comes is not doubled.
 * Returns the function that stops the timer and waits for a sweep in progress, so the server can
 * close the database after it. 0 means no timer.
 */
export function chargeDueOnTimer(deps: Pick<Deps, 'db'>, intervalMs: number): () => Promise<void> {
  if (intervalMs <= 0) return async () => undefined;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = chargeDueSubscriptions(deps)
      .then(() => undefined)
      .catch((error: unknown) => console.error('[sandbox] charging due subscriptions failed:', error instanceof Error ? error.message : String(error)))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  // The timer alone must not keep a process alive that has nothing else to do.
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
