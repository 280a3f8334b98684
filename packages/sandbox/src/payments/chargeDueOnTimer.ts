import type { Deps } from '../Deps';
import { chargeDueSubscriptions } from './chargeDueSubscription';
import { runOnTimer } from './runOnTimer';

/**
 * Issue 4 "subscriptions charging at once when due", while the server runs: every intervalMs the
 * due subscriptions are charged (once across nodes: chargeDueSubscriptions claims its rows).
 * Returns the function that stops the timer and waits for a sweep in progress. 0 means no timer.
 */
export function chargeDueOnTimer(
  deps: Pick<Deps, 'db'>,
  intervalMs: number,
  onError: (error: unknown) => void = (error) => console.error('[sandbox] charging due subscriptions failed:', error instanceof Error ? error.message : String(error)),
): () => Promise<void> {
  return runOnTimer(intervalMs, () => chargeDueSubscriptions(deps), onError);
}
