import type { CloseGuard } from './closeGuard';

// In its own chunk: the guard itself is in the first load.

export function closeAnyway(guard: CloseGuard): void {
  guard.store.setState({ asking: false });
  // Let go first, so the `close` below is not asked about again.
  const payments = [...guard.held.values()];
  guard.held.clear();
  guard.leave();
  for (const payment of payments) guard.reportPending(payment);
  // With a payment's answer still on its way the loader keeps the checkout alive out of sight until it lands.
  guard.notify({ type: 'close' });
}
