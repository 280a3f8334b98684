import type { CloseGuard } from './closeGuard';

// The close confirmation's answer, in its chunk (embed/CloseConfirm): the guard itself is in the first load.

/** Closing anyway: each held payment's PENDING the page has not heard yet, then `close`. */
export function closeAnyway(guard: CloseGuard): void {
  guard.store.setState({ asking: false });
  // Let go first, so the `close` below is not asked about again.
  const payments = [...guard.held.values()];
  guard.held.clear();
  for (const payment of payments) {
    if (!payment.pending || guard.reportedPending.has(payment.codOper)) continue;
    guard.reportedPending.add(payment.codOper);
    guard.notify({ type: 'result', result: payment.pending() });
  }
  guard.notify({ type: 'close' });
}
