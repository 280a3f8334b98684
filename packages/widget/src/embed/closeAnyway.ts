import type { CloseGuard } from './closeGuard';

// In its own chunk: the guard itself is in the first load.

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
