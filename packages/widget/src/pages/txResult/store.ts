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
  /** SPEC 8 "404 with error_to_load or receive_not_found leads to /404". */
  | { status: 'notFound' }
  | { status: 'failed'; message: PayerMessage };

/** A finished operation's result (SPEC 4 per method) and the parent notification it makes (SPEC 3). */
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
