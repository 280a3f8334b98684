import type { CatalogKey } from '@pasarela/core';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { activatesSubscription, securityFields, buildPayActivityPayload, displayStatusOf, overallResultOfDisplay, type OverallResult } from '@pasarela/core';
import { lookupAttempt, type AttemptRecord } from '../../api/lookupAttempt';
import type { PaymentContext } from '../../payments/paymentContext';
import { createPaymentIntent, lostAnswerMessage } from '../../payments/paymentIntent';
import { loadBalance, payActivity } from '../../wallet/api';
import { walletMessageKey } from '../../wallet/walletMessage';
import { isPaidElsewhere, paidByOf, type PaidBy } from '../../payments/paidElsewhere';

export const BALANCE_TYPE = 'PFW';

export interface BalanceState {
  /** `paidElsewhere`: Pay found the order paid by another payment meanwhile (another browser); nothing was debited. */
  phase: 'loading' | 'ready' | 'paying' | 'failed' | 'paidElsewhere';
  balance: number | null;
  error: CatalogKey | null;
  /** The payment that paid the order, when the server named it. */
  paidBy: PaidBy | null;
  load(): Promise<void>;
  pay(): Promise<void>;
}
export type BalanceStore = StoreApi<BalanceState>;

export function createBalanceStore(payment: PaymentContext): BalanceStore {
  const { services, data } = payment;
  // A payment whose answer was lost is looked up before another is made.
  const intent = createPaymentIntent(services.newTrackId, {}, payment.flight);
  return createStore<BalanceState>()((set, get) => ({
    phase: 'loading',
    balance: null,
    error: null,
    paidBy: null,
    async load() {
      set({ phase: 'loading', error: null });
      try {
        set({ phase: 'ready', balance: await loadBalance(services.api) });
      } catch (error) {
        set({ phase: 'failed', error: walletMessageKey(error) });
      }
    },
    async pay() {
      const { phase, balance } = get();
      if (phase === 'paying' || phase === 'loading' || phase === 'paidElsewhere') return;
      if (balance !== null && balance < payment.total) {
        set({ error: 'wallet_insufficient_balance' });
        return;
      }
      set({ phase: 'paying', error: null });
      payment.setBusy(true);
      const subscription = data.info.idSubscription !== null && data.info.subscription?.subscriptionKey
        ? { idSubscription: data.info.idSubscription, subscriptionKey: data.info.subscription.subscriptionKey }
        : null;
      try {
        const payload = buildPayActivityPayload({
          // SPEC 3 search descriptor: the amount, which a station with no price of its own is paid.
          sourceSearch: { paymentCode: data.info.code, amount: data.info.amount, taxAmount: data.info.taxAmount },
          idUsrCard: null,
          // A payment link is no user service of the payer's.
          idUsrService: 0,
          useFunds: true,
          customFieldValues: data.info.customFieldValues,
          // SPEC 4 "Paying with balance as a subscription activation is skipped."
          subscription: activatesSubscription('balance') ? subscription : null,
          txChannel: payment.linkFields().txChannel,
        });
        const { result, codOper } = await intent.run<AttemptRecord, { result: OverallResult; codOper: string }>({
          lookup: (trackId) => lookupAttempt(services.api, trackId),
          send: async (trackId) => {
            const answer = await payActivity(services.api, { ...payload, ...securityFields(await payment.security()), trackId });
            return { result: overallResultOfDisplay(displayStatusOf('balance', answer.activityResult.status)), codOper: answer.activityResult.codOper };
          },
          resume: (found) => ({ result: found.result, codOper: found.codOper }),
        });
        payment.report({ result, codOper, type: BALANCE_TYPE });
        if (result === 'DECLINED' || result === 'ERROR') {
          set({ phase: 'ready', error: 'payment_rejected' });
          return;
        }
        payment.showReceipt(codOper);
      } catch (error) {
        if (isPaidElsewhere(error)) {
          set({ phase: 'paidElsewhere', paidBy: paidByOf(error) });
          return;
        }
        // The balance may have changed meanwhile (a payment elsewhere): show the current one.
        if (services.session.getState().login) await get().load();
        set({ phase: get().phase === 'failed' ? 'failed' : 'ready', error: intent.outcomeUnknown() ? lostAnswerMessage(error).key : walletMessageKey(error) });
      } finally {
        payment.setBusy(false);
      }
    },
  }));
}
