import { createStore } from 'zustand/vanilla';
import { displayStatusOf, initialStepState, nequiReducer, NEQUI_STEPS, type StepState } from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import { lookupAttempt } from '../../api/lookupAttempt';
import { endedElsewhere } from '../../payments/endedElsewhere';
import { createAttemptStore, type AttemptVerdict } from '../../payments/attemptStore';
import type { PaymentContext } from '../../payments/paymentContext';
import { keptPhone } from '../../payments/keptPhone';
import { cancelNequiPayment, generateNequiQr, nequiPaymentStatus, sendNequiPush, type NequiAnswer } from './api';

export type NequiMode = 'push' | 'qr';

export interface NequiState {
  mode: NequiMode;
  phone: string;
  /** Attempts that ended without paying: each opens a fresh form, the focus in it (as Yappy's). */
  failures: number;
  steps: StepState;
  setMode(mode: NequiMode): void;
  pay(phone?: string): Promise<void>;
}

export function nequiVerdict(answer: NequiAnswer): AttemptVerdict {
  const display = displayStatusOf('nequi', answer.status);
  return display === 'approved' ? 'approved' : display === 'pending' ? 'pending' : 'declined';
}

export function createNequiStore(payment: PaymentContext, api: ApiClient = payment.services.api) {
  let phone = '';
  // The phone typed, kept with the push: a reload, then the wait's end, finds it in the field (as Yappy's).
  const typed = keptPhone(payment, 'nequi');
  const state = createStore<NequiState>()((set) => ({
    mode: 'push',
    phone: typed.typed(),
    failures: 0,
    steps: initialStepState(NEQUI_STEPS.init),
    setMode(mode) {
      if (attempt.getState().phase === 'idle' || attempt.getState().phase === 'failed') set({ mode });
    },
    async pay(to) {
      phone = to ?? '';
      if (to) {
        set({ phone: to });
        typed.keep(to);
      }
      await attempt.getState().start();
    },
  }));
  const step = (action: Parameters<typeof nequiReducer>[1]) => state.setState({ steps: nequiReducer(state.getState().steps, action) });

  const attempt = createAttemptStore<NequiAnswer>({
    send: async (trackId) => {
      const fields = await payment.paymentFields();
      const answer = state.getState().mode === 'push' ? await sendNequiPush(api, { ...fields, phone, trackId }) : await generateNequiQr(api, { ...fields, trackId });
      return { codOper: answer.codOper, deadline: answer.expiresAt ? Date.parse(answer.expiresAt) : null, answer };
    },
    check: (codOper) => nequiPaymentStatus(api, codOper),
    cancel: (codOper) => cancelNequiPayment(api, codOper),
    lookup: (trackId) => lookupAttempt(api, trackId),
    verdict: nequiVerdict,
    declinedMessage: () => ({ key: state.getState().mode === 'push' ? 'error_pay_push_nequi' : 'error_pay_qr_nequi' }),
    timeoutKey: 'waiting_time_over',
    newTrackId: payment.services.newTrackId,
    flight: payment.flight,
    pushUrl: payment.pushUrl,
    memory: payment.memory(),
    onWaiting: () => step({ type: 'goTo', step: state.getState().mode === 'push' ? NEQUI_STEPS.push : NEQUI_STEPS.qr }),
    onEnd: ({ verdict, codOper, message }) => {
      if (verdict === 'approved') step({ type: 'confirmed' });
      else if (message?.key === 'payment_expired') step({ type: 'paymentExpired' });
      else step({ type: 'failed', error: verdict === 'refused' && message ? message.key : 'payment_declined' });
      if (verdict !== 'approved') state.setState({ failures: state.getState().failures + 1 });
      if (verdict === 'approved') {
        typed.forget();
        payment.report({ result: 'APPROVED', codOper, type: 'NEQUI' });
        payment.showReceipt(codOper);
      } else if (!endedElsewhere(message?.key) && (codOper !== '' || verdict === 'refused')) {
        // Called off because the order was paid: the shop hears of the payment that paid, never of a decline here.
        // Called off from the order in another browser (a request sent again under its trackId answers so): no decline, as a wait hearing it.
        payment.report({ result: 'DECLINED', codOper, type: 'NEQUI', reason: message?.key ?? '' });
      }
    },
  });
  return { state, attempt };
}
export type NequiStores = ReturnType<typeof createNequiStore>;
