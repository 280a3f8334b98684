import type { GatewayCall, GatewayRead } from './GatewayCall';

export interface CoinNetwork {
  name: string;
  network: string;
}

export interface CryptoCoin {
  label: string;
  value: string;
  networks: readonly CoinNetwork[];
}

export interface CryptoQuote {
  rate: number;
  amountCrypto: number;
}

export interface CryptoAddressRequest extends GatewayCall {
  currency: string;
  network: string;
  amountCrypto: number;
}

export interface CryptoDeposit {
  address: string;
  paidCrypto: number;
  senderAddress: string | null;
}

export interface CryptoProcessor {
  coins(read: GatewayRead): Promise<readonly CryptoCoin[]>;
  /** The price of `amountUsd` in `currency` now; null for a coin it does not take. */
  quote(read: GatewayRead & { currency: string; amountUsd: number }): Promise<CryptoQuote | null>;
  /** An address for this payment (the same one for the same key). */
  address(request: CryptoAddressRequest): Promise<{ address: string }>;
  status(call: GatewayCall): Promise<CryptoDeposit | null>;
  /** Sends `amountCrypto` back to `to`: in one or several refunds, each with its own key, up to what arrived. */
  refund(call: GatewayCall & { depositKey: string; to: string; amountCrypto: number }): Promise<'refunded' | 'refused'>;
  /** What became of the refund with this key: sent ('refunded'), or null when it sent none under it (never received, or refused). */
  refundOutcome(call: GatewayCall & { depositKey: string }): Promise<'refunded' | null>;
}
