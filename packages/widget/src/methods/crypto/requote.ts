import { cryptoFailure, isPasarelaError } from '@pasarela/core';
import { updateCryptoPayment } from './api';
import { CRYPTO_REQUOTE_RETRY_MS, CRYPTO_REQUOTE_TRIES } from './config';
import type { CryptoAttempt } from './cryptoAttempt';
import type { CryptoStoreContext } from './cryptoStoreContext';

/** Sending the payment's own pair again makes the server quote anew; reading it never renews its quote. */
export function createRequote(context: CryptoStoreContext, { attempt, applyAnswer }: CryptoAttempt, wait: (ms: number) => Promise<void>) {
  const { get, step, api } = context;
  let requoting = false;

  return async function requote() {
    const quote = get().quote;
    if (!quote || requoting || context.updating) return;
    const { id, currency, network } = quote;
    requoting = true;
    let failed: unknown = null;
    try {
      for (let tries = 0; tries < CRYPTO_REQUOTE_TRIES; tries++) {
        if (attempt.getState().phase !== 'waiting' || get().quote?.id !== id) return;
        const was = get().quote?.rateExpiresAt;
        try {
          const answer = await updateCryptoPayment(api, id, { currency, network });
          if (attempt.getState().phase !== 'waiting' || get().quote?.id !== id) return;
          applyAnswer(answer);
          // A new quote ends the asking; the same one means the device clock ran ahead of the server's.
          if (answer.rateExpiresAt !== was) return;
          failed = null;
        } catch (error) {
          // Paid or cancelled meanwhile (409, 404): the watcher's next look ends the wait.
          if (isPasarelaError(error) && error.category === 'api' && (error.status === 409 || error.status === 404)) return;
          failed = error;
        }
        await wait(CRYPTO_REQUOTE_RETRY_MS);
      }
      if (failed !== null) step({ type: 'failure', action: 'updatePayment', ...cryptoFailure(failed) });
    } finally {
      requoting = false;
    }
  };
}
