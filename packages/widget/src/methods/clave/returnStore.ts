import { createStore } from 'zustand/vanilla';
import { isPasarelaError, payerMessage, returnRefusalKey, type PayerMessage, type PaymentResult, type Receipt } from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import { loadReceipt } from '../../api/loadReceipt';
import { NOT_FOUND_PATH, RECEIPT_PATH } from '../../services/route';
import { formAfterRefusal, resultAfterReturn } from '../../payments/afterReturn';
import type { PendingReturn } from '../../services/tabMemory';

export type ClaveReturnState =
  | { status: 'checking'; receipt?: Receipt | undefined }
  | { status: 'failed'; message: PayerMessage }
  | { status: 'receipt'; receipt: Receipt; to: string }
  | { status: 'done'; to: string };

export interface ClaveReturnDeps {
  api: ApiClient;
  codOper: string;
  pending: PendingReturn;
  report: (result: PaymentResult) => void;
  onSuccess: () => void;
  now: () => Date;
  wait?: ((ms: number) => Promise<void>) | undefined;
}

/** The bank's page is on another origin: its notification may still be on its way. */
const BANK_ANSWER_READS = 10;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function firstRead(store: ClaveReturnStore): Promise<void> {
  // The first screen waits for the first read only: a payment still at the bank shows while it is read again.
  return new Promise<void>((resolve) => {
    const unsubscribe = store.subscribe((state) => {
      if (state.status !== 'checking' || state.receipt) {
        unsubscribe();
        resolve();
      }
    });
    void store.getState().load().then(() => {
      unsubscribe();
      resolve();
    });
  });
}

export function createClaveReturnStore(deps: ClaveReturnDeps) {
  let running: Promise<void> | null = null;
  let reported = false;
  return createStore<ClaveReturnState & { load(): Promise<void> }>()((set) => ({
    status: 'checking',
    load() {
      running ??= (async () => {
        set({ status: 'checking' });
        try {
          let receipt = await loadReceipt(deps.api, deps.codOper);
          // What is known shows at once (the shop, the amount, the bank's wait), not a blank page.
          if (receipt.status === -1) set({ status: 'checking', receipt });
          for (let read = 0; receipt.status === -1 && read < BANK_ANSWER_READS; read++) {
            await (deps.wait ?? pause)(1_000);
            receipt = await loadReceipt(deps.api, deps.codOper);
          }
          if (receipt.paidBy) {
            // Called off because another payment paid the order: no decline to report, the receipt screen says so.
            reported = true;
            set({ status: 'receipt', receipt, to: RECEIPT_PATH + encodeURIComponent(receipt.codOper) });
            return;
          }
          // Left on the bank's page without an answer: the payer's cancel (resultAfterReturn's reason).
          // Clave's Razon is the catalogue key, declined or cancelled, never the bank's words (docs/events.md);
          // the reason's text is the receipt's, in the payer's language, as the catalogue may not be here yet.
          // Approved or pending, Razon is "" as Nequi's and Yappy's, and as the checkout reports a payment settled after Back.
          const told = resultAfterReturn('clave', receipt, deps.pending, deps.now());
          const refusal = returnRefusalKey(receipt);
          const failed = told.status === 'error';
          const result: PaymentResult = {
            ...told,
            notification: { ...told.notification, Razon: failed ? refusal : '' },
            ...(failed && receipt.messageSys ? { reason: { key: refusal, text: receipt.messageSys } } : {}),
          };
          if (!reported) {
            reported = true;
            deps.report(result);
          }
          if (result.status === 'success') deps.onSuccess();
          if (result.status !== 'success' && deps.pending.formPath) {
            set({ status: 'done', to: formAfterRefusal(deps.pending.formPath, refusal, 'clave') });
          } else {
            // Shown in place (ClaveReturnScreen), from what was just read: no second round trip.
            set({ status: 'receipt', receipt, to: RECEIPT_PATH + encodeURIComponent(receipt.codOper) });
          }
        } catch (error) {
          // SPEC 2: no receipt for the code goes to /404.
          const notFound = isPasarelaError(error) && (error.code === 'receive_not_found' || error.status === 404);
          set(notFound ? { status: 'done', to: NOT_FOUND_PATH } : { status: 'failed', message: payerMessage(error) });
        } finally {
          running = null;
        }
      })();
      return running;
    },
  }));
}
export type ClaveReturnStore = ReturnType<typeof createClaveReturnStore>;
