import { createStore } from 'zustand/vanilla';
import type { PaymentInFlight, PaymentResult, WidgetMessage } from '@pasarela/core';

export interface HeldPayment {
  codOper: string;
  pending: (() => PaymentResult) | null;
}

export function createCloseGuard(notify: (message: WidgetMessage) => void) {
  const held = new Map<string, HeldPayment>();
  // Payments whose request has left and whose first answer is on its way, by trackId.
  const flying = new Map<string, PaymentInFlight>();
  // Operations the merchant page already heard are PENDING (a cash voucher says so at once).
  const reportedPending = new Set<string>();
  const store = createStore<{ asking: boolean }>()(() => ({ asking: false }));
  // The payer closed anyway: the loader keeps this checkout out of sight until every answer is in.
  let leaving = false;
  // A payment whose request is out, or held waiting for its outcome.
  const paymentsOut = () => held.size + flying.size > 0;
  // The question was about a payment that has now ended (its outcome is on screen): it goes by itself.
  const askNoMore = () => {
    if (!paymentsOut() && store.getState().asking) store.setState({ asking: false });
  };
  const reportPending = (payment: HeldPayment) => {
    if (!payment.pending || reportedPending.has(payment.codOper)) return;
    reportedPending.add(payment.codOper);
    notify({ type: 'result', result: payment.pending() });
  };
  return {
    store,
    notify,
    held,
    flying,
    reportedPending,
    reportPending,
    paymentsOut,
    hold(owner: string, payment: HeldPayment | null) {
      // An answer that lands after the payer left: the shop hears it is PENDING at once.
      if (payment && leaving) return reportPending(payment);
      if (payment) held.set(owner, payment);
      else if (held.delete(owner)) askNoMore();
    },
    noteResult(result: PaymentResult) {
      if (result.notification.Estado === 'PENDING') reportedPending.add(result.notification.Oper);
    },
    takeOff(payment: PaymentInFlight) {
      flying.set(payment.trackId, payment);
      notify({ type: 'paying', payment });
    },
    land(trackId: string, lost: boolean) {
      if (!flying.delete(trackId)) return;
      // After the method has taken the answer in (its result sent, its wait held), so the loader,
      // which ends a close on this word, has heard everything the answer makes first.
      setTimeout(() => {
        notify({ type: 'answered', trackId, lost });
        askNoMore();
      }, 0);
    },
    leave() {
      leaving = true;
    },
    intercept: () => !leaving && paymentsOut() && (store.setState({ asking: true }), true),
  };
}
export type CloseGuard = ReturnType<typeof createCloseGuard>;
