import { createStore } from 'zustand/vanilla';
import type { PaymentResult, WidgetMessage } from '@pasarela/core';

/** A payment the payer is finishing elsewhere (an app, a kiosk, a wallet): closing does not stop it. */
export interface HeldPayment {
  codOper: string;
  /** The merchant page's `result` for it as it stands: PENDING (SPEC 4: notified as success), or null when the method reported it already. */
  pending: (() => PaymentResult) | null;
}

export interface CloseGuardState {
  /** The payer asked to close while a payment is pending: the confirm dialog is up. */
  asking: boolean;
}

/**
 * Closing the checkout while a payment is pending asks first; closing anyway tells the merchant
 * page the payment is PENDING (once per operation) before the `close`, so the shop knows what to
 * confirm on its server. Nothing pending: the close goes through at once.
 */
export function createCloseGuard(notify: (message: WidgetMessage) => void) {
  const held = new Map<string, HeldPayment>();
  const reportedPending = new Set<string>();
  const store = createStore<CloseGuardState>()(() => ({ asking: false }));

  function closeNow() {
    store.setState({ asking: false });
    // Let go first, so the `close` below is not asked about again.
    const payments = [...held.values()];
    held.clear();
    for (const payment of payments) {
      if (!payment.pending || reportedPending.has(payment.codOper)) continue;
      reportedPending.add(payment.codOper);
      notify({ type: 'result', result: payment.pending() });
    }
    notify({ type: 'close' });
  }

  return {
    store,
    /** `owner` (a method) holds a pending payment, or lets it go (null). */
    hold(owner: string, payment: HeldPayment | null) {
      if (payment) held.set(owner, payment);
      else held.delete(owner);
    },
    /** The merchant page already heard this operation is PENDING (a cash voucher says so at once). */
    noteResult(result: PaymentResult) {
      if (result.notification.Estado === 'PENDING') reportedPending.add(result.notification.Oper);
    },
    /** The payer asked to close: true when the guard took it (asks first), false to close at once. */
    intercept(): boolean {
      if (held.size === 0) return false;
      store.setState({ asking: true });
      return true;
    },
    confirm: closeNow,
    keep() {
      store.setState({ asking: false });
    },
  };
}
export type CloseGuard = ReturnType<typeof createCloseGuard>;
