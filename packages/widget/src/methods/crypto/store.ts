import type { ApiClient } from '../../api/client';
import { createCoinChoice } from './coinChoice';
import { createCryptoAttempt } from './cryptoAttempt';
import { createCryptoCancel } from './cryptoCancel';
import type { CryptoPaymentDeps, CryptoStoreOptions } from './cryptoScreenState';
import { createCryptoStoreContext } from './cryptoStoreContext';
import { createPaymentChange } from './paymentChange';
import { isCoinLocked } from './quote';
import { createRequote } from './requote';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createCryptoStore(payment: CryptoPaymentDeps, api: ApiClient = payment.services.api, options: CryptoStoreOptions = {}) {
  // The actions reach the parts made below; none runs before they exist.
  const context = createCryptoStoreContext(payment, api, {
    start: () => choice.start(),
    chooseCoin: (value) => choice.chooseCoin(value),
    chooseNetwork: (value) => choice.chooseNetwork(value),
    submit: () => change.submit(),
    requote: () => requote(),
    tryAgain,
    cancel: () => cancelling.cancel(),
    keepPaying: () => cancelling.keepPaying(),
    confirmCancel: () => cancelling.confirmCancel(),
    closeRefund: () => cancelling.closeRefund(),
  });
  const paying = createCryptoAttempt(context, options);
  const { attempt } = paying;
  const locked = () => context.updating || attempt.getState().phase === 'sending' || isCoinLocked(context.get().quote);
  const choice = createCoinChoice(context, locked);
  const change = createPaymentChange(context, paying, choice.networksLoaded);
  const requote = createRequote(context, paying, options.wait ?? sleep);
  const cancelling = createCryptoCancel(context, paying);

  async function tryAgain() {
    const failed = context.lastFailed;
    context.lastFailed = null;
    context.set({ failure: null });
    if (failed === 'coins') await choice.start();
    else if (failed === 'networks') await choice.chooseCoin(context.get().flow.currency ?? '');
    else await change.submit();
  }

  return { state: context.state, attempt };
}
export type CryptoStores = ReturnType<typeof createCryptoStore>;
