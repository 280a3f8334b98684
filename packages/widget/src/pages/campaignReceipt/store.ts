import * as v from 'valibot';
import { createStore } from 'zustand/vanilla';
import { CampaignBridgeSchema, CURRENCIES, isPasarelaError, NumberLike, payerMessage, type PayerMessage } from '@pasarela/core';
import type { ApiClient } from '../../api/client';

export const CampaignTxSchema = v.object({
  codOper: v.string(),
  amountToCampaign: NumberLike,
  // The merchant's: a peso campaign's gift is in pesos.
  currency: v.optional(v.picklist(CURRENCIES), 'USD'),
  idCampaignBridge: NumberLike,
  campaign: v.nullable(CampaignBridgeSchema.entries.campaign),
  status: NumberLike,
  method: v.optional(v.string(), 'card'),
  authStatus: v.optional(v.nullable(v.string()), null),
  date: v.string(),
});
export type CampaignTx = v.InferOutput<typeof CampaignTxSchema>;

export type CampaignReceiptState =
  | { status: 'loading' }
  | { status: 'ready'; tx: CampaignTx }
  | { status: 'notFound' }
  | { status: 'failed'; message: PayerMessage };

export function createCampaignReceiptStore(api: ApiClient, codOper: string) {
  return createStore<CampaignReceiptState & { load(): Promise<void> }>()((set) => ({
    status: 'loading',
    async load() {
      set({ status: 'loading' });
      try {
        set({ status: 'ready', tx: await api.get(`campaigns/transactions/${encodeURIComponent(codOper)}`, CampaignTxSchema) });
      } catch (error) {
        const code = isPasarelaError(error) ? error.code : '';
        set(code === 'receive_not_found' || code === 'error_to_load' ? { status: 'notFound' } : { status: 'failed', message: payerMessage(error) });
      }
    },
  }));
}
export type CampaignReceiptStore = ReturnType<typeof createCampaignReceiptStore>;
