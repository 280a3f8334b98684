import { acceptCryptoPayment, isPasarelaError, payerMessage, SPECIFIC_ERROR_CODES } from '@pasarela/core';
import { updateCryptoPayment } from './api';
import type { CryptoAttempt } from './cryptoAttempt';
import type { CryptoField } from './cryptoScreenState';
import type { CryptoStoreContext } from './cryptoStoreContext';
import { isChanging } from './quote';

const isPaymentExpired = (error: unknown) => isPasarelaError(error) && error.code === SPECIFIC_ERROR_CODES.paymentExpired;

export function createPaymentChange(context: CryptoStoreContext, { attempt, applyAnswer }: CryptoAttempt, networksLoaded: () => Promise<void>) {
  const { get, set, step, fail, api } = context;

  async function submit(): Promise<CryptoField | null> {
    // Clicked before the new coin's networks arrived: its only network is picked then, so wait for it.
    await networksLoaded();
    const { currency, network } = get().flow;
    const missing: CryptoField | null = !currency ? 'currency' : !network ? 'network' : null;
    set({ missing });
    if (missing || !currency || !network) return missing;
    const { phase } = attempt.getState();
    if (phase === 'idle' || phase === 'failed') {
      set({ failure: null });
      context.lastFailed = null;
      await attempt.getState().start();
    } else if (phase === 'waiting' && isChanging(get())) {
      await update(currency, network);
    }
    return null;
  }

  async function update(currency: string, network: string) {
    const id = get().quote?.id;
    if (context.updating || !id) return;
    context.updating = true;
    set({ updating: true, failure: null });
    step({ type: 'start', action: 'updatePayment' });
    try {
      const answer = await updateCryptoPayment(api, id, { currency, network });
      acceptCryptoPayment(answer);
      if (attempt.getState().phase !== 'waiting') return;
      context.expected = { currency: answer.currency, network: answer.network };
      set({ requoted: false });
      applyAnswer(answer);
      context.lastFailed = null;
    } catch (error) {
      const expired = isPaymentExpired(error);
      // A payment the server no longer has (expired, unknown) is dropped: the next submit makes a new one.
      if (expired || (isPasarelaError(error) && error.category === 'api' && error.status === 404)) attempt.getState().retry();
      fail('updatePayment', error, expired ? null : 'update', expired ? { key: 'payment_expired' } : payerMessage(error));
      if (expired) step({ type: 'paymentExpired' });
    } finally {
      context.updating = false;
      set({ updating: false });
    }
  }

  return { submit };
}
