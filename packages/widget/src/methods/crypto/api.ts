import * as v from 'valibot';
import { CoinSchema, CryptoNetworkSchema, CryptoRefundSchema, orderCoins, type Coin } from '@pasarela/core';
import type { ApiClient } from '../../api/client';

export type CryptoNetwork = v.InferOutput<typeof CryptoNetworkSchema>;

const CoinsSchema = v.object({ coins: v.array(CoinSchema) });
const NetworksSchema = v.object({ coin: v.string(), networks: v.array(CryptoNetworkSchema) });

/** The sandbox's crypto payment (SPEC 3 "Crypto payment" plus the quote and where to pay). */
export const CryptoAnswerSchema = v.object({
  id: v.string(),
  codOper: v.string(),
  /** Compared with CRYPTO_PAYMENT_SUCCESS_STATUS by core's acceptCryptoPayment. */
  status: v.union([v.string(), v.number()]),
  /** 0 waiting for the chain, 1 paid (core's displayStatusOf('crypto', ...)). */
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
  /** The gateway's word: PENDING, UNDERPAID, APPROVED, CANCELLED (core's paymentDisplayStatus reads it). */
  authStatus: v.optional(v.string(), ''),
  /** The address the coins received came from (where a refund goes), once the chain reported some. */
  senderAddress: v.optional(v.nullable(v.string()), null),
  /** The payer cancelled it. */
  cancelled: v.optional(v.boolean(), false),
  /** What a cancellation after an under-payment owes back, and whether it was sent. */
  refund: v.optional(v.nullable(CryptoRefundSchema), null),
});
export type CryptoAnswer = v.InferOutput<typeof CryptoAnswerSchema>;

/** SPEC 3 "Crypto request" as the widget sends it; `trackId` makes a resend of one click harmless. */
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
}

/** SPEC 7 "GET crypto coins", in core's order (BUSD at XRP's place). */
export async function loadCoins(api: ApiClient): Promise<Coin[]> {
  const { coins } = await api.get('crypto/coins', CoinsSchema);
  return orderCoins(coins);
}

/** SPEC 7 "GET crypto networks by coin". */
export async function loadNetworks(api: ApiClient, coin: string): Promise<CryptoNetwork[]> {
  const { networks } = await api.get('crypto/networks', NetworksSchema, { coin });
  return networks;
}

/** SPEC 7 "POST crypto payment": the address and the quote, frozen for 10 minutes. */
export function createCryptoPayment(api: ApiClient, request: CryptoPaymentRequest): Promise<CryptoAnswer> {
  return api.post('crypto/payments', CryptoAnswerSchema, request);
}

/** SPEC 7 "(PUT to update)": another coin or network for the same payment; the same pair again renews a quote whose 10 minutes ran out. */
export function updateCryptoPayment(api: ApiClient, id: string, choice: { currency: string; network: string }): Promise<CryptoAnswer> {
  return api.put(`crypto/payments/${encodeURIComponent(id)}`, CryptoAnswerSchema, choice);
}

/** Where the payment stands, as recorded: a read, so a quote past its 10 minutes comes back as it was (the PUT renews it). */
export function cryptoPaymentStatus(api: ApiClient, id: string): Promise<CryptoAnswer> {
  return api.get(`crypto/payments/${encodeURIComponent(id)}`, CryptoAnswerSchema);
}

/**
 * The payer cancels the payment. After coins arrived the server asks for `confirmRefund` (the payer
 * saw what will be refunded, and where) and records the refund owed.
 */
export function cancelCryptoPayment(api: ApiClient, id: string, confirmRefund: boolean): Promise<CryptoAnswer> {
  return api.post(`crypto/payments/${encodeURIComponent(id)}/cancel`, CryptoAnswerSchema, { confirmRefund });
}
