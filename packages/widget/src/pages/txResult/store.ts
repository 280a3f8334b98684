import { createStore } from 'zustand/vanilla';
import {
  buildParentNotification, isPasarelaError, payerMessage, receiptOverallResult,
  type OverallResult, type ParentNotification, type PayerMessage, type Receipt,
} from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import { loadReceipt } from '../../api/loadReceipt';

export type TxResultState =
  | { status: 'loading' }
  | { status: 'ready'; receipt: Receipt; result: OverallResult; notification: ParentNotification }
  | { status: 'notFound' }
  | { status: 'failed'; message: PayerMessage };

export function createTxResultStore(api: ApiClient, codOper: string, now: () => Date) {
  return createStore<TxResultState & { load(): Promise<void> }>()((set) => ({
    status: 'loading',
    async load() {
      set({ status: 'loading' });
      try {
        const receipt = await loadReceipt(api, codOper);
        const result = receiptOverallResult(receipt);
        const notification = buildParentNotification({
          result,
          totalPaid: receipt.totalPay,
          at: now(),
          type: receipt.cardType || receipt.typeMethod,
          codOper: receipt.codOper,
          user: receipt.email,
          reason: result === 'DECLINED' ? receipt.messageSys : '',
          returnUrl: receipt.returnUrlString,
        });
        set({ status: 'ready', receipt, result, notification });
      } catch (error) {
        const code = isPasarelaError(error) ? error.code : '';
        set(code === 'receive_not_found' || code === 'error_to_load' ? { status: 'notFound' } : { status: 'failed', message: payerMessage(error) });
      }
    },
  }));
}
export type TxResultStore = ReturnType<typeof createTxResultStore>;
