import type { CryptoState, PayerMessage } from '@pasarela/core';
import type { Services } from '../../services/services';
import type { AttemptDeps } from '../../payments/attemptStore';
import type { PaymentContext } from '../../payments/paymentContext';
import type { CryptoAnswer } from './api';

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

export type CryptoScreenActions = Pick<
  CryptoScreenState,
  'start' | 'chooseCoin' | 'chooseNetwork' | 'submit' | 'requote' | 'tryAgain' | 'cancel' | 'keepPaying' | 'confirmCancel' | 'closeRefund'
>;

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
