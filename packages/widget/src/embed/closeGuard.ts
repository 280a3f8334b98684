import { createStore } from 'zustand/vanilla';
import type { PaymentResult, WidgetMessage } from '@pasarela/core';

export interface HeldPayment {
  codOper: string;
  pending: (() => PaymentResult) | null;
}

export function createCloseGuard(notify: (message: WidgetMessage) => void) {
  const held = new Map<string, HeldPayment>();
  // Operations the merchant page already heard are PENDING (a cash voucher says so at once).
  const reportedPending = new Set<string>();
  const store = createStore<{ asking: boolean }>()(() => ({ asking: false }));
  return {
    store,
    notify,
    held,
    reportedPending,
    hold(owner: string, payment: HeldPayment | null) {
      if (payment) held.set(owner, payment);
      else held.delete(owner);
    },
    noteResult(result: PaymentResult) {
      if (result.notification.Estado === 'PENDING') reportedPending.add(result.notification.Oper);
    },
    intercept: () => held.size > 0 && (store.setState({ asking: true }), true),
  };
}
export type CloseGuard = ReturnType<typeof createCloseGuard>;
