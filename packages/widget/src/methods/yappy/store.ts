import { createStore } from 'zustand/vanilla';
import { displayStatusOf, initialStepState, yappyReducer, yappyRemainingMs, YAPPY_STEPS, type PayerMessage, type StepState } from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import { lookupAttempt } from '../../api/lookupAttempt';
import { endedElsewhere } from '../../payments/endedElsewhere';
import { createAttemptStore, type AttemptVerdict } from '../../payments/attemptStore';
import type { PaymentContext } from '../../payments/paymentContext';
import { cancelYappyPayment, requestYappyPayment, yappyPaymentStatus, type YappyAnswer } from './api';
import { YAPPY_DEADLINE_GRACE_MS, YAPPY_TYPE } from './config';
import { keptPhone } from '../../payments/keptPhone';

export interface YappyState {
  steps: StepState;
  phone: string;
  failures: number;
  pay(phone: string): Promise<void>;
  windowClosed(): void;
}

/**
 * The server's 422 payment_rejected is the payer's "no" in the Yappy app (the sandbox's 62222222): the
 * screen and the shop's Razon both say so in the catalogue's yappy_declined, as Nequi's decline does.
 */
export function yappyFailureKey(key: PayerMessage['key']): PayerMessage['key'] {
  return key === 'payment_rejected' ? 'yappy_declined' : key;
}

export function yappyVerdict(answer: YappyAnswer): AttemptVerdict {
  const display = displayStatusOf('yappy', answer.status);
  return display === 'approved' ? 'approved' : display === 'pending' ? 'pending' : 'declined';
}

export function createYappyStore(payment: PaymentContext, api: ApiClient = payment.services.api) {
  let grace: ReturnType<typeof setTimeout> | undefined;
  // The phone typed, kept with the request: a reload after it lapsed (SPEC 9 "Yappy gives 5 minutes") sends it again.
  const typed = keptPhone(payment, 'yappy');
  const state = createStore<YappyState>()((set) => ({
    steps: initialStepState(YAPPY_STEPS.init),
    phone: typed.typed(),
    failures: 0,
    async pay(phone) {
      set({ phone });
      typed.keep(phone);
      await attempt.getState().start();
    },
    windowClosed() {
      clearTimeout(grace);
      grace = setTimeout(() => void attempt.getState().expire(), YAPPY_DEADLINE_GRACE_MS);
    },
  }));
  const step = (action: Parameters<typeof yappyReducer>[1]) => state.setState({ steps: yappyReducer(state.getState().steps, action) });

  const attempt = createAttemptStore<YappyAnswer>({
    send: async (trackId) => {
      const sentAt = payment.services.serverNow();
      const answer = await requestYappyPayment(api, { ...(await payment.paymentFields({ phone: state.getState().phone })), trackId });
      // SPEC 9 "Yappy gives 5 minutes to pay": the server's deadline, or else what core's yappyRemainingMs leaves of them since the request.
      const now = payment.services.serverNow();
      return { codOper: answer.codOper, deadline: answer.expiresAt ? Date.parse(answer.expiresAt) : now + yappyRemainingMs(sentAt, now), answer };
    },
    check: (codOper) => yappyPaymentStatus(api, codOper),
    cancel: (codOper) => cancelYappyPayment(api, codOper),
    lookup: (trackId) => lookupAttempt(api, trackId),
    verdict: yappyVerdict,
    declinedMessage: () => ({ key: 'yappy_declined' }),
    timeoutKey: 'waiting_time_over',
    newTrackId: payment.services.newTrackId,
    flight: payment.flight,
    pushUrl: payment.pushUrl,
    memory: payment.memory(),
    onWaiting: () => step({ type: 'goTo', step: YAPPY_STEPS.waiting, at: payment.services.serverNow() }),
    onEnd: ({ verdict, codOper, message }) => {
      if (verdict === 'approved') step({ type: 'confirmed' });
      // SPEC 4 "Payment expired (code 619) resets the step and shows the payment_expired message."
      else if (message?.key === 'payment_expired') step({ type: 'paymentExpired' });
      else step({ type: 'failed', error: message?.key ?? 'payment_rejected' });
      if (verdict !== 'approved') state.setState({ failures: state.getState().failures + 1 });
      if (verdict === 'approved') {
        typed.forget();
        payment.report({ result: 'APPROVED', codOper, type: YAPPY_TYPE });
        payment.showReceipt(codOper);
      } else if (!endedElsewhere(message?.key) && (codOper !== '' || verdict === 'refused')) {
        // Called off because the order was paid: the shop hears of the payment that paid, never of a decline here.
        // Called off from the order in another browser (a request sent again under its trackId answers so): no decline, as a wait hearing it.
        payment.report({ result: 'DECLINED', codOper, type: YAPPY_TYPE, reason: message ? yappyFailureKey(message.key) : '' });
      }
    },
  });
  return { state, attempt };
}
export type YappyStores = ReturnType<typeof createYappyStore>;
