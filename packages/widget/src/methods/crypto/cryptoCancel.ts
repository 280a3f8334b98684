import { payerMessage } from '@pasarela/core';
import { cancelCryptoPayment } from './api';
import { CRYPTO_RESULT_TYPE } from './config';
import type { CryptoAttempt } from './cryptoAttempt';
import type { CryptoStoreContext } from './cryptoStoreContext';
import { cancelNeedsConfirmation, cancelReason } from './quote';

export function createCryptoCancel(context: CryptoStoreContext, { attempt }: Pick<CryptoAttempt, 'attempt'>) {
  const { get, set, payment, api } = context;

  function cancel() {
    set({ failure: null, missing: null });
    if (attempt.getState().phase === 'waiting' && cancelNeedsConfirmation(get().quote)) {
      set({ confirmingCancel: true });
      return;
    }
    attempt.getState().retry();
  }

  function keepPaying() {
    if (!get().cancelling) set({ confirmingCancel: false });
  }

  async function confirmCancel() {
    const id = get().quote?.id;
    if (!id || get().cancelling || attempt.getState().phase !== 'waiting') return;
    context.cancellingHere = true;
    set({ cancelling: true, failure: null });
    try {
      const answer = await cancelCryptoPayment(api, id, true);
      if (!answer.cancelled) throw new Error('[pasarela/widget] the crypto payment was not cancelled');
      set({ cancelled: answer, confirmingCancel: false });
      attempt.getState().retry();
      // SPEC 4: DECLINED notifies the parent as error; the reason says a refund is owed.
      payment.report({ result: 'DECLINED', codOper: answer.codOper, type: CRYPTO_RESULT_TYPE, reason: cancelReason(answer) });
    } catch (error) {
      // Not cancelled (paid meanwhile, the network): the payment is still being watched; the payer is told.
      set({ failure: payerMessage(error), confirmingCancel: false });
    } finally {
      context.cancellingHere = false;
      set({ cancelling: false });
    }
  }

  function closeRefund() {
    set({ cancelled: null });
    if (attempt.getState().phase === 'failed') attempt.getState().retry();
  }

  return { cancel, keepPaying, confirmCancel, closeRefund };
}
