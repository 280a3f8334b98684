import { createStore } from 'zustand/vanilla';
import { isPasarelaError, payerMessage, type PayerMessage, type Receipt } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { loadReceipt } from '../api/loadReceipt';

export type ReceiptState =
  | { status: 'loading' }
  | { status: 'ready'; receipt: Receipt }
  | { status: 'failed'; message: PayerMessage }
  /** SPEC 2 "redirects to /404 when no receipt is found". */
  | { status: 'notFound' };

let handedOver: Receipt | null = null;

/**
 * The receipt the screen before has just read (Clave's return, which leads here): the receipt
 * screen shows it without reading it again. Taken once, by the next receipt store of its operation.
 */
export function handOverReceipt(receipt: Receipt): void {
  handedOver = receipt;
}

function takeHandedOver(codOper: string): Receipt | null {
  const receipt = handedOver?.codOper === codOper ? handedOver : null;
  handedOver = null;
  return receipt;
}

/**
 * The receipt loader, keyed by the operation code. `read`: the receipt the screen before has just
 * read (it starts ready with it; load() reads it again).
 */
export function createReceiptStore(api: ApiClient, codOper: string, read?: Receipt) {
  let known = read ? null : takeHandedOver(codOper);
  let running: Promise<void> | null = null;
  return createStore<ReceiptState & { load(): Promise<void> }>()((set) => ({
    ...(read ? { status: 'ready' as const, receipt: read } : { status: 'loading' as const }),
    load() {
      running ??= (async () => {
        set({ status: 'loading' });
        try {
          // Awaited either way: `running` is set before this settles.
          const receipt = await (known ?? loadReceipt(api, codOper));
          known = null;
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
