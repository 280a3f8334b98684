import { securityFields, acceptCryptoPayment, cryptoFailure, selectCryptoService, CRYPTO_RATE_FROZEN_MS } from '@pasarela/core';
import { createAttemptStore } from '../../payments/attemptStore';
import { createCryptoPayment, cryptoPaymentStatus, type CryptoAnswer } from './api';
import { CRYPTO_RESULT_TYPE } from './config';
import type { CryptoStoreOptions } from './cryptoScreenState';
import type { CryptoStoreContext } from './cryptoStoreContext';
import { cancelReason, cryptoVerdict } from './quote';
import { PAID_ELSEWHERE, paidByOfReceipt } from '../../payments/paidElsewhere';

export function createCryptoAttempt(context: CryptoStoreContext, options: CryptoStoreOptions) {
  const { get, set, step, payment, api } = context;

  function applyAnswer(answer: CryptoAnswer) {
    const { expected } = context;
    if (expected && (answer.currency !== expected.currency || answer.network !== expected.network)) return;
    if (!expected) {
      context.expected = { currency: answer.currency, network: answer.network };
      step({ type: 'fetchCoinsSuccess', coins: get().flow.coins, networks: answer.cryptoNetwork });
      step({ type: 'select', currency: answer.currency, network: answer.network });
      set({ networksFor: answer.currency });
    }
    const before = get().quote;
    const newQuote = before !== null && before.id === answer.id && before.currency === answer.currency && before.rateExpiresAt !== answer.rateExpiresAt;
    step({ type: 'updatePaymentSuccess', payment: answer, at: Date.parse(answer.rateExpiresAt) - CRYPTO_RATE_FROZEN_MS });
    set({ quote: answer, requoted: newQuote || (get().requoted && before?.currency === answer.currency) });
  }

  function forgetPayment() {
    const { coins, networks, currency, network } = get().flow;
    context.expected = null;
    step({ type: 'reset' });
    step({ type: 'fetchCoinsSuccess', coins, networks });
    step({ type: 'select', currency, network });
    set({ quote: null, requoted: false });
  }

  const attempt = createAttemptStore<CryptoAnswer>({
    send: async (trackId) => {
      const { currency, network, networks } = get().flow;
      if (!currency || !network) throw new Error('[pasarela/widget] crypto payment sent without a coin and network');
      step({ type: 'start', action: 'initialize' });
      try {
        // SPEC 8 "SERVICE_UNAVAILABLE with code 404 when the merchant has ... no matching gateway service".
        const service = selectCryptoService(payment.entry ? [payment.entry] : []);
        const fields = payment.linkFields();
        const answer = await createCryptoPayment(api, {
          ...securityFields(await payment.security()),
          codeProcess: fields.code, currency, network, cryptoNetwork: networks.find((n) => n.network === network)?.name ?? network,
          amountUSD: fields.amount, idMerchant: payment.data.info.idMerchant, idMerchantService: service.idMerchantService,
          email: fields.email, phone: fields.phone, trackId, customFieldValues: payment.customFieldValues?.(),
        });
        // SPEC 4 "accepted only if its status equals the success constant" (else REQUESTED_QR_FAILED).
        acceptCryptoPayment(answer);
        context.expected = { currency: answer.currency, network: answer.network };
        return { codOper: answer.codOper, deadline: null, answer };
      } catch (error) {
        // The attempt shows the message (and 619's payment_expired) with a way to try again.
        step({ type: 'failure', action: 'initialize', ...cryptoFailure(error) });
        throw error;
      }
    },
    check: (codOper) => cryptoPaymentStatus(api, codOper),
    verdict: cryptoVerdict,
    // Called off because another payment paid the order: that one's receipt, never a decline (its coins go back all the same).
    paidBy: paidByOfReceipt,
    // Otherwise declined only when the payer cancelled it (in another tab: a refund shows the refund screen).
    declinedMessage: () => ({ key: 'payment_declined' }),
    timeoutKey: 'waiting_time_over',
    newTrackId: payment.services.newTrackId,
    pushUrl: payment.pushUrl,
    memory: payment.memory(),
    ...(options.watch ? { watch: options.watch } : {}),
    onEnd: ({ verdict, codOper, answer, message }) => {
      if (verdict === 'declined' && context.cancellingHere) return;
      // Refused because another payment paid the order: the shop hears of that one, never of a decline here.
      if (message?.key === PAID_ELSEWHERE) {
        set({ confirmingCancel: false });
        return;
      }
      if (verdict === 'declined' && answer?.refund) set({ cancelled: answer, confirmingCancel: false });
      if (verdict === 'approved') {
        set({ confirmingCancel: false });
        step({ type: 'processPaymentSuccess', tx: answer });
        payment.report({ result: 'APPROVED', codOper, type: CRYPTO_RESULT_TYPE });
        payment.showReceipt(codOper);
        return;
      }
      // SPEC 4 "Payment expired (code 619) resets the step and shows the payment_expired message."
      if (message?.key === 'payment_expired') step({ type: 'paymentExpired' });
      if (codOper !== '' || verdict === 'refused') {
        const reason = verdict === 'declined' && answer?.cancelled ? cancelReason(answer) : (message?.key ?? '');
        payment.report({ result: 'DECLINED', codOper, type: CRYPTO_RESULT_TYPE, reason });
      }
    },
  });

  attempt.subscribe((now, before) => {
    if (now.phase === 'waiting' && now.answer && now.answer !== before.answer) applyAnswer(now.answer);
    if (now.phase === 'idle' && before.phase !== 'idle') forgetPayment();
  });

  return { attempt, applyAnswer };
}

export type CryptoAttempt = ReturnType<typeof createCryptoAttempt>;
