import { createStore } from 'zustand/vanilla';
import type { PaymentResult, WidgetMessage } from '@pasarela/core';

/** A payment the payer is finishing elsewhere (an app, a kiosk, a wallet): closing does not stop it. */
export interface HeldPayment {
  codOper: string;
  /** The merchant page's `result` for it as it stands: PENDING (SPEC 4: notified as success), or null when the method reported it already. */
  pending: (() => PaymentResult) | null;
}

/**
 * Closing the checkout while a payment is pending asks first (`asking`: the dialog of
 * embed/CloseConfirm, which closes through `closeAnyway`); nothing pending, the close goes through.
 */
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
    /** `owner` (a method) holds a pending payment, or lets it go (null). */
    hold(owner: string, payment: HeldPayment | null) {
      if (payment) held.set(owner, payment);
      else held.delete(owner);
    },
    noteResult(result: PaymentResult) {
      if (result.notification.Estado === 'PENDING') reportedPending.add(result.notification.Oper);
    },
    /** The payer asked to close: true when the guard took it (asks first), false to close at once. */
    intercept: () => held.size > 0 && (store.setState({ asking: true }), true),
  };
}
export type CloseGuard = ReturnType<typeof createCloseGuard>;
