import * as v from 'valibot';
import { CoinSchema, CryptoNetworkSchema, CryptoRefundSchema, orderCoins, PaidBySchema, type Coin } from '@pasarela/core';
import type { ApiClient } from '../../api/client';

export type CryptoNetwork = v.InferOutput<typeof CryptoNetworkSchema>;

const CoinsSchema = v.object({ coins: v.array(CoinSchema) });
const NetworksSchema = v.object({ coin: v.string(), networks: v.array(CryptoNetworkSchema) });

export const CryptoAnswerSchema = v.object({
  id: v.string(),
  codOper: v.string(),
  status: v.union([v.string(), v.number()]),
  txStatus: v.number(),
  currency: v.string(),
  network: v.string(),
  address: v.string(),
  amountUSD: v.number(),
  amountCrypto: v.number(),
  rate: v.number(),
  rateExpiresAt: v.string(),
  paidCrypto: v.optional(v.number(), 0),
  underpaid: v.optional(v.boolean(), false),
  cryptoNetwork: v.optional(v.array(CryptoNetworkSchema), []),
  authStatus: v.optional(v.string(), ''),
  /** Where a refund goes, once the chain reported coins. */
  senderAddress: v.optional(v.nullable(v.string()), null),
  cancelled: v.optional(v.boolean(), false),
  refund: v.optional(v.nullable(CryptoRefundSchema), null),
  /** Called off because another payment paid the order: that one. */
  paidBy: v.optional(v.nullable(PaidBySchema), null),
});
export type CryptoAnswer = v.InferOutput<typeof CryptoAnswerSchema>;

export interface CryptoPaymentRequest {
  codeProcess: string;
  currency: string;
  network: string;
  cryptoNetwork: string;
  amountUSD: number;
  idMerchant: number;
  idMerchantService: number;
  email: string;
  phone: string;
  trackId: string;
  /** The answers to the checkout's custom fields, kept with the payment (SPEC 3). */
  customFieldValues?: unknown[] | undefined;
}

export async function loadCoins(api: ApiClient): Promise<Coin[]> {
  const { coins } = await api.get('crypto/coins', CoinsSchema);
  return orderCoins(coins);
}

export async function loadNetworks(api: ApiClient, coin: string): Promise<CryptoNetwork[]> {
  const { networks } = await api.get('crypto/networks', NetworksSchema, { coin });
  return networks;
}

export function createCryptoPayment(api: ApiClient, request: CryptoPaymentRequest): Promise<CryptoAnswer> {
  return api.post('crypto/payments', CryptoAnswerSchema, request);
}

/** The same pair again renews a quote whose 10 minutes ran out. */
export function updateCryptoPayment(api: ApiClient, id: string, choice: { currency: string; network: string }): Promise<CryptoAnswer> {
  return api.put(`crypto/payments/${encodeURIComponent(id)}`, CryptoAnswerSchema, choice);
}

/** A read: a quote past its 10 minutes comes back as it was (only the PUT renews it). */
export function cryptoPaymentStatus(api: ApiClient, id: string): Promise<CryptoAnswer> {
  return api.get(`crypto/payments/${encodeURIComponent(id)}`, CryptoAnswerSchema);
}

/** After coins arrived the server asks for `confirmRefund` and records the refund owed. */
export function cancelCryptoPayment(api: ApiClient, id: string, confirmRefund: boolean): Promise<CryptoAnswer> {
  return api.post(`crypto/payments/${encodeURIComponent(id)}/cancel`, CryptoAnswerSchema, { confirmRefund });
}
