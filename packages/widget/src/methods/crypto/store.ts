import { createStore } from 'zustand/vanilla';
import {
  securityFields,
  acceptCryptoPayment, cryptoFailure, cryptoReducer, initialCryptoState, isPasarelaError,
  payerMessage, selectCryptoService, CRYPTO_RATE_FROZEN_MS, SPECIFIC_ERROR_CODES,
  type CryptoAction, type CryptoActionName, type CryptoState, type PayerMessage,
} from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import type { Services } from '../../services/services';
import { createAttemptStore, type AttemptDeps } from '../../payments/attemptStore';
import type { PaymentContext } from '../../payments/paymentContext';
import {
  cancelCryptoPayment, createCryptoPayment, cryptoPaymentStatus, loadCoins, loadNetworks, updateCryptoPayment, type CryptoAnswer,
} from './api';
import { CRYPTO_REQUOTE_RETRY_MS, CRYPTO_REQUOTE_TRIES, CRYPTO_RESULT_TYPE } from './config';
import { cancelNeedsConfirmation, cryptoVerdict, isChanging, isCoinLocked } from './quote';

export type CryptoField = 'currency' | 'network';

export interface CryptoScreenState {
  /** SPEC 4 "Crypto" through core's reducer: step, loading, error, coins, networks, currency, network. */
  flow: CryptoState;
  /** The payment as the server last described it: address, quote, what has arrived. */
  quote: CryptoAnswer | null;
  /** The frozen rate ran out and the server quoted again: the payer is told to send the new amount. */
  requoted: boolean;
  /** A coins, networks or update call that failed, shown with a way to try again. */
  failure: PayerMessage | null;
  /** The select a submit found empty. */
  missing: CryptoField | null;
  /** A change of coin or network is being sent. */
  updating: boolean;
  /** The coin whose networks `flow.networks` lists (while another coin's load, the network waits). */
  networksFor: string | null;
  /** Coins have arrived and the payer asked to cancel: what will be refunded is shown, to confirm or keep paying. */
  confirmingCancel: boolean;
  /** The confirmed cancellation is being sent. */
  cancelling: boolean;
  /** The payment the payer cancelled after coins arrived, with the refund owed: the refund screen. */
  cancelled: CryptoAnswer | null;
  /** Loads the coins (the screen's first call). */
  start(): Promise<void>;
  chooseCoin(value: string): Promise<void>;
  chooseNetwork(value: string): void;
  /** Creates the payment (once per click), or moves it to the chosen coin and network. */
  submit(): Promise<CryptoField | null>;
  /** The frozen rate ran out: fetch the new quote. */
  requote(): Promise<void>;
  /** Tries again whatever failed last (the coins, the networks, the change). */
  tryAgain(): Promise<void>;
  /**
   * "Cancel and use another method": with nothing received, leaves the payment at once; once coins
   * have arrived, first shows what will be refunded (confirmCancel / keepPaying).
   */
  cancel(): void;
  /** The payer keeps paying: the confirmation closes. */
  keepPaying(): void;
  /** The payer confirmed: the server records the cancellation and the refund owed; the merchant page hears DECLINED. */
  confirmCancel(): Promise<void>;
  /** Leaves the refund screen for a new crypto payment (or another method). */
  closeRefund(): void;
}

/** What the store needs from the checkout: PaymentContext has it all. */
export type CryptoPaymentDeps = Pick<PaymentContext, 'entry' | 'linkFields' | 'security' | 'report' | 'showReceipt' | 'pushUrl' | 'memory'> & {
  services: Pick<Services, 'api' | 'newTrackId'>;
  data: { info: { idMerchant: number } };
};

export interface CryptoStoreOptions {
  /** The payment watcher (tests pass a fake). */
  watch?: AttemptDeps<CryptoAnswer>['watch'];
  /** Waits between re-quote checks (tests pass an instant one). */
  wait?: (ms: number) => Promise<void>;
}

/** Razon for the merchant page: a refund is owed, or the payer cancelled before anything arrived. */
const cancelReason = (answer: CryptoAnswer) => (answer.refund ? 'crypto_refund_pending' : 'crypto_cancelled');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const isPaymentExpired = (error: unknown) => isPasarelaError(error) && error.code === SPECIFIC_ERROR_CODES.paymentExpired;

export function createCryptoStore(payment: CryptoPaymentDeps, api: ApiClient = payment.services.api, options: CryptoStoreOptions = {}) {
  const wait = options.wait ?? sleep;
  // The coin and network the server was last asked for: an answer for another pair is from before a change.
  let expected: { currency: string; network: string } | null = null;
  let updating = false;
  let requoting = false;
  let lastFailed: 'coins' | 'networks' | 'update' | null = null;
  // This tab is cancelling: its own call reports the result, not the watcher that may see it first.
  let cancellingHere = false;

  const state = createStore<CryptoScreenState>()(() => ({
    flow: initialCryptoState, quote: null, requoted: false, failure: null, missing: null, updating: false, networksFor: null,
    confirmingCancel: false, cancelling: false, cancelled: null,
    start, chooseCoin, chooseNetwork, submit, requote, tryAgain, cancel, keepPaying, confirmCancel, closeRefund,
  }));
  const get = state.getState;
  const set = state.setState;
  const step = (action: CryptoAction) => set({ flow: cryptoReducer(get().flow, action) });
  const fail = (action: CryptoActionName, error: unknown, failed: typeof lastFailed, message: PayerMessage = payerMessage(error)) => {
    step({ type: 'failure', action, ...cryptoFailure(error) });
    lastFailed = failed;
    set({ failure: message });
  };

  /** Takes in an answer from the POST, the PUT, the watcher or a re-quote. */
  function applyAnswer(answer: CryptoAnswer) {
    if (expected && (answer.currency !== expected.currency || answer.network !== expected.network)) return;
    if (!expected) {
      // Picked up after a reload: the selects show the payment's coin and network.
      expected = { currency: answer.currency, network: answer.network };
      step({ type: 'fetchCoinsSuccess', coins: get().flow.coins, networks: answer.cryptoNetwork });
      step({ type: 'select', currency: answer.currency, network: answer.network });
      set({ networksFor: answer.currency });
    }
    const before = get().quote;
    const newQuote = before !== null && before.id === answer.id && before.currency === answer.currency && before.rateExpiresAt !== answer.rateExpiresAt;
    step({ type: 'updatePaymentSuccess', payment: answer, at: Date.parse(answer.rateExpiresAt) - CRYPTO_RATE_FROZEN_MS });
    set({ quote: answer, requoted: newQuote || (get().requoted && before?.currency === answer.currency) });
  }

  /** Back to the choice, keeping the coins and the payer's selection. */
  function forgetPayment() {
    const { coins, networks, currency, network } = get().flow;
    expected = null;
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
          email: fields.email, phone: fields.phone, trackId,
        });
        // SPEC 4 "accepted only if its status equals the success constant" (else REQUESTED_QR_FAILED).
        acceptCryptoPayment(answer);
        expected = { currency: answer.currency, network: answer.network };
        return { codOper: answer.codOper, deadline: null, answer };
      } catch (error) {
        // The attempt shows the message (and 619's payment_expired) with a way to try again.
        step({ type: 'failure', action: 'initialize', ...cryptoFailure(error) });
        throw error;
      }
    },
    check: (codOper) => cryptoPaymentStatus(api, codOper),
    verdict: cryptoVerdict,
    // A crypto payment is only declined when the payer cancelled it (in another tab: a refund shows the refund screen).
    declinedMessage: () => ({ key: 'payment_declined' }),
    timeoutKey: 'waiting_time_over',
    newTrackId: payment.services.newTrackId,
    pushUrl: payment.pushUrl,
    memory: payment.memory(),
    ...(options.watch ? { watch: options.watch } : {}),
    onEnd: ({ verdict, codOper, answer, message }) => {
      if (verdict === 'declined' && cancellingHere) return;
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

  async function start() {
    step({ type: 'start', action: 'fetchCoins' });
    set({ failure: null });
    try {
      const coins = await loadCoins(api);
      step({ type: 'fetchCoinsSuccess', coins });
    } catch (error) {
      fail('fetchCoins', error, 'coins');
    }
  }

  /** The last chosen coin's networks, loading or loaded: a submit waits for them. */
  let networksLoading: Promise<void> = Promise.resolve();

  function chooseCoin(value: string): Promise<void> {
    if (locked()) return Promise.resolve();
    const currency = value === '' ? null : value;
    step({ type: 'select', currency });
    set({ missing: null, failure: null });
    if (!currency || get().networksFor === currency) return Promise.resolve();
    networksLoading = loadNetworksOf(currency);
    return networksLoading;
  }

  async function loadNetworksOf(currency: string) {
    step({ type: 'start', action: 'fetchCoins' });
    try {
      const networks = await loadNetworks(api, currency);
      if (get().flow.currency !== currency) return; // a later choice won
      step({ type: 'fetchCoinsSuccess', coins: get().flow.coins, networks });
      set({ networksFor: currency });
      const quote = get().quote;
      const only = networks.length === 1 ? networks[0]?.network : undefined;
      // Back on the payment's own coin, its network comes back with it.
      const network = only ?? (quote?.currency === currency ? quote.network : undefined);
      if (network) step({ type: 'select', network });
    } catch (error) {
      if (get().flow.currency === currency) fail('fetchCoins', error, 'networks');
    }
  }

  function chooseNetwork(value: string) {
    if (locked()) return;
    step({ type: 'select', network: value === '' ? null : value });
    set({ missing: null });
  }

  function locked(): boolean {
    return updating || attempt.getState().phase === 'sending' || isCoinLocked(get().quote);
  }

  async function submit(): Promise<CryptoField | null> {
    // Clicked before the new coin's networks arrived: its only network is picked then, so wait for it.
    await networksLoading;
    const { currency, network } = get().flow;
    const missing: CryptoField | null = !currency ? 'currency' : !network ? 'network' : null;
    set({ missing });
    if (missing || !currency || !network) return missing;
    const { phase } = attempt.getState();
    if (phase === 'idle' || phase === 'failed') {
      set({ failure: null });
      lastFailed = null;
      await attempt.getState().start();
    } else if (phase === 'waiting' && isChanging(get())) {
      await update(currency, network);
    }
    return null;
  }

  /** SPEC 7 "PUT to update": the same payment, another coin or network; one request per click. */
  async function update(currency: string, network: string) {
    const id = get().quote?.id;
    if (updating || !id) return;
    updating = true;
    set({ updating: true, failure: null });
    step({ type: 'start', action: 'updatePayment' });
    try {
      const answer = await updateCryptoPayment(api, id, { currency, network });
      acceptCryptoPayment(answer);
      if (attempt.getState().phase !== 'waiting') return;
      expected = { currency: answer.currency, network: answer.network };
      set({ requoted: false });
      applyAnswer(answer);
      lastFailed = null;
    } catch (error) {
      const expired = isPaymentExpired(error);
      // A payment the server no longer has (expired, unknown) is dropped: the next submit makes a new one.
      if (expired || (isPasarelaError(error) && error.category === 'api' && error.status === 404)) attempt.getState().retry();
      fail('updatePayment', error, expired ? null : 'update', expired ? { key: 'payment_expired' } : payerMessage(error));
      if (expired) step({ type: 'paymentExpired' });
    } finally {
      updating = false;
      set({ updating: false });
    }
  }

  /**
   * The frozen rate ran out: the payment's own coin and network are sent again (SPEC 7 "PUT to
   * update"), which the server quotes anew; reading the payment never renews its quote.
   */
  async function requote() {
    const quote = get().quote;
    if (!quote || requoting || updating) return;
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
  }

  async function tryAgain() {
    const failed = lastFailed;
    lastFailed = null;
    set({ failure: null });
    if (failed === 'coins') await start();
    else if (failed === 'networks') await chooseCoin(get().flow.currency ?? '');
    else await submit();
  }

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
    cancellingHere = true;
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
      cancellingHere = false;
      set({ cancelling: false });
    }
  }

  function closeRefund() {
    set({ cancelled: null });
    if (attempt.getState().phase === 'failed') attempt.getState().retry();
  }

  return { state, attempt };
}
export type CryptoStores = ReturnType<typeof createCryptoStore>;
