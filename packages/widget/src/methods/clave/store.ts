import { createStore } from 'zustand/vanilla';
import {
  CANCELLED_AUTH_STATUS, claveReducer, CLAVE_STEPS, displayStatusOf, initialStepState, isHttpUrl, PasarelaError, type PayerMessage, type StepState,
} from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import { lookupAttempt } from '../../api/lookupAttempt';
import { createAttemptStore, type AttemptVerdict } from '../../payments/attemptStore';
import { leaveAddress, saveReturn, takeReturn } from '../../payments/leaveAndReturn';
import type { PaymentContext } from '../../payments/paymentContext';
import { cancelClavePayment, clavePaymentStatus, startClavePayment, type ClaveAnswer } from './api';
import { CLAVE_RETURN_PATH, CLAVE_RETURN_SDK_PATH, CLAVE_TYPE } from './config';
import { formPathOf } from '../../payments/pendingAddress';
import { PAID_ELSEWHERE } from '../../payments/paidElsewhere';

export interface ClaveState {
  steps: StepState;
  alert: PayerMessage | null;
  leaving: boolean;
  pay(): Promise<void>;
  /** Called off on the server first; the payer chooses again only once it is (a failed call keeps the wait). */
  cancel(): Promise<void>;
}

export function claveVerdict(answer: ClaveAnswer): AttemptVerdict {
  const display = displayStatusOf('clave', answer.status);
  return display === 'approved' ? 'approved' : display === 'pending' ? 'pending' : 'declined';
}

/** Called off (CANCELLED), not refused by the bank. */
function calledOff(answer: ClaveAnswer): boolean {
  return (answer.authStatus ?? '').toUpperCase() === CANCELLED_AUTH_STATUS;
}

export function bankAddress(redirectUrl: string, codOper: string, embedded: boolean, current: URL): string {
  const back = `${embedded ? CLAVE_RETURN_SDK_PATH : CLAVE_RETURN_PATH}?Oper=${encodeURIComponent(codOper)}`;
  return leaveAddress(redirectUrl, back, current);
}

export function createClaveStore(payment: PaymentContext, api: ApiClient = payment.services.api) {
  const { services, data } = payment;
  const session = services.storage.session;
  // Back from the bank's refusal: that payment is over, so it is not picked up again.
  if (payment.arrivalMessage) payment.memory().clear();

  const state = createStore<ClaveState>()((set) => ({
    steps: initialStepState(CLAVE_STEPS.init),
    alert: payment.arrivalMessage,
    leaving: false,
    async pay() {
      set({ alert: null });
      await attempt.getState().start();
    },
    async cancel() {
      // The bank may still approve a payment only forgotten here, while the payer pays the order another way.
      await attempt.getState().leave();
      // The bank answered first: its approval shows the receipt, its refusal the form with it; reported by onEnd.
      if (attempt.getState().phase !== 'idle') return;
      takeReturn(session, 'clave');
      set({ steps: claveReducer(state.getState().steps, { type: 'reset' }) });
    },
  }));
  const step = (action: Parameters<typeof claveReducer>[1]) => state.setState({ steps: claveReducer(state.getState().steps, action) });

  const attempt = createAttemptStore<ClaveAnswer>({
    send: async (trackId) => {
      const answer = await startClavePayment(api, { ...(await payment.paymentFields()), trackId });
      // SPEC 5 "A URL is valid only with http or https": no bank page to go to, no payment to make.
      if (claveVerdict(answer) === 'pending' && !isHttpUrl(answer.redirectUrl ?? '')) {
        throw new PasarelaError({ code: 'service_unavailable', category: 'api' });
      }
      return { codOper: answer.codOper, deadline: null, answer };
    },
    check: (codOper) => clavePaymentStatus(api, codOper),
    cancel: (codOper) => cancelClavePayment(api, codOper),
    refusedFirst: (answer) => !calledOff(answer),
    lookup: (trackId) => lookupAttempt(api, trackId),
    verdict: claveVerdict,
    // Status 0 is the bank's refusal or a wait called off (in another browser): its auth status says which, as the return page's receipt does.
    declinedMessage: (answer) => ({ key: calledOff(answer) ? 'payment_cancelled' : 'payment_declined' }),
    timeoutKey: 'waiting_time_over',
    newTrackId: services.newTrackId,
    pushUrl: payment.pushUrl,
    // Kept across a reload, so coming Back from the bank's page follows that payment instead of making another.
    memory: payment.memory(),
    onWaiting: ({ codOper, answer }) => {
      step({ type: 'goTo', step: CLAVE_STEPS.bank });
      if (claveVerdict(answer) !== 'pending' || !answer.redirectUrl) return;
      saveReturn(session, 'clave', { formPath: formPathOf(new URL(location.href)), email: data.info.email, returnUrl: data.info.returnUrlString });
      state.setState({ leaving: true });
      services.leave(bankAddress(answer.redirectUrl, codOper, services.bridge.embedded, new URL(location.href)));
    },
    onEnd: ({ verdict, codOper, message }) => {
      // The bank's return address reports a payment; this screen does so only for one the bank never
      // returned from (the payer came Back) or never created.
      const unreported = takeReturn(session, 'clave') !== null || codOper === '' || payment.resumedFromServer();
      state.setState({ leaving: false, alert: message ? { key: message.key } : null });
      if (verdict === 'approved') step({ type: 'confirmed' });
      else if (message?.key === 'payment_expired') step({ type: 'paymentExpired' });
      else step({ type: 'failed', error: message?.key ?? 'payment_declined' });
      if (verdict === 'approved') {
        if (unreported) payment.report({ result: 'APPROVED', codOper, type: CLAVE_TYPE });
        payment.showReceipt(codOper);
      } else if (unreported && message?.key !== PAID_ELSEWHERE) {
        // Called off because another payment paid the order: the shop hears of that one, never of a decline here.
        payment.report({ result: 'DECLINED', codOper, type: CLAVE_TYPE, reason: message?.key ?? '' });
      }
    },
  });
  return { state, attempt };
}
export type ClaveStores = ReturnType<typeof createClaveStore>;
