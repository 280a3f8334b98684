import type { CryptoState, PayerMessage } from '@pasarela/core';
import type { Services } from '../../services/services';
import type { AttemptDeps } from '../../payments/attemptStore';
import type { PaymentContext } from '../../payments/paymentContext';
import type { CryptoAnswer } from './api';

export type CryptoField = 'currency' | 'network';

export interface CryptoScreenState {
  flow: CryptoState;
  quote: CryptoAnswer | null;
  requoted: boolean;
  failure: PayerMessage | null;
  missing: CryptoField | null;
  updating: boolean;
  /** While another coin's networks load, the network waits. */
  networksFor: string | null;
  confirmingCancel: boolean;
  cancelling: boolean;
  cancelled: CryptoAnswer | null;
  start(): Promise<void>;
  chooseCoin(value: string): Promise<void>;
  chooseNetwork(value: string): void;
  submit(): Promise<CryptoField | null>;
  requote(): Promise<void>;
  tryAgain(): Promise<void>;
  /** With nothing received, leaves at once; once coins arrived, first shows what will be refunded. */
  cancel(): void;
  keepPaying(): void;
  confirmCancel(): Promise<void>;
  closeRefund(): void;
}

export type CryptoScreenActions = Pick<
  CryptoScreenState,
  'start' | 'chooseCoin' | 'chooseNetwork' | 'submit' | 'requote' | 'tryAgain' | 'cancel' | 'keepPaying' | 'confirmCancel' | 'closeRefund'
>;

export type CryptoPaymentDeps = Pick<PaymentContext, 'entry' | 'linkFields' | 'security' | 'report' | 'showReceipt' | 'pushUrl' | 'memory'> & Partial<Pick<PaymentContext, 'customFieldValues'>> & {
  services: Pick<Services, 'api' | 'newTrackId'>;
  data: { info: { idMerchant: number } };
};

export interface CryptoStoreOptions {
  watch?: AttemptDeps<CryptoAnswer>['watch'];
  wait?: (ms: number) => Promise<void>;
}
