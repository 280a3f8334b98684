import { createStore } from 'zustand/vanilla';
import { isPasarelaError, payerMessage, type PayerMessage, type Receipt } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { loadReceipt } from '../api/loadReceipt';

export type ReceiptState =
  | { status: 'loading' }
  | { status: 'ready'; receipt: Receipt }
  | { status: 'failed'; message: PayerMessage }
  | { status: 'notFound' };

export function createReceiptStore(api: ApiClient, codOper: string, read?: Receipt) {
  let running: Promise<void> | null = null;
  return createStore<ReceiptState & { load(): Promise<void> }>()((set) => ({
    ...(read ? { status: 'ready' as const, receipt: read } : { status: 'loading' as const }),
    load() {
      running ??= (async () => {
        set({ status: 'loading' });
        try {
          const receipt = await loadReceipt(api, codOper);
          set({ status: 'ready', receipt });
        } catch (error) {
          const notFound = isPasarelaError(error) && (error.code === 'receive_not_found' || error.status === 404);
          set(notFound ? { status: 'notFound' } : { status: 'failed', message: payerMessage(error) });
        } finally {
          running = null;
        }
      })();
      return running;
    },
  }));
}
export type ReceiptStore = ReturnType<typeof createReceiptStore>;
