import * as v from 'valibot';
import { CRYPTO_RATE_FROZEN_MS } from './constants';
import { PasarelaError } from './errors';
import { SPECIFIC_ERROR_CODES } from './errorCodes';
import { findMerchantService } from './paymentLink';
import { NumberLike, optionalNumber, optionalText } from './schemaParts';

// SPEC 3 "Crypto product", "Crypto payment"; SPEC 4 "Crypto".

const CryptoProductSchema = v.object({
  idMerchant: NumberLike,
  idMerchantService: NumberLike,
  txLimit: optionalNumber(0),
  gatewayCode: v.string(),
  amount: NumberLike,
  taxAmount: optionalNumber(0),
  description: optionalText(),
  email: optionalText(),
  phone: optionalText(),
  isLk: v.boolean(),
  lang: optionalText(),
  code: v.string(),
  customFields: v.optional(v.nullable(v.array(v.unknown())), []),
  returnUrlString: optionalText(),
  additionalParamsUrlString: optionalText(),
  type: optionalText(),
  txChannel: optionalText(),
});
export type CryptoProduct = v.InferOutput<typeof CryptoProductSchema>;

export const CryptoNetworkSchema = v.object({ name: v.string(), network: v.string() });
const CryptoPaymentSchema = v.looseObject({
  status: v.union([v.string(), v.number()]),
  cryptoNetwork: v.optional(v.nullable(v.array(CryptoNetworkSchema)), []),
});
export type CryptoPayment = v.InferOutput<typeof CryptoPaymentSchema>;

/** "coins are label/value pairs". */
export const CoinSchema = v.object({ label: v.string(), value: v.string() });
export type Coin = v.InferOutput<typeof CoinSchema>;

/** SPEC 3 "The constant that marks a successful crypto payment status: not shown." Decided: 'SUCCESS'. */
export const CRYPTO_PAYMENT_SUCCESS_STATUS = 'SUCCESS';
/** Gateway code of a crypto merchant service (SPEC 9 lists none for crypto; decided). */
const CRYPTO_GATEWAY_CODE = 'CRYPTO';

/** SPEC 3 "Coin ordering puts BUSD at the position of XRP": BUSD moves to XRP's index, XRP follows it. */
export function orderCoins(coins: readonly Coin[]): Coin[] {
  const busdAt = coins.findIndex((c) => c.value.toUpperCase() === 'BUSD');
  const xrpAt = coins.findIndex((c) => c.value.toUpperCase() === 'XRP');
  const busd = coins[busdAt];
  if (!busd || xrpAt < 0) return [...coins];
  const rest = coins.filter((_, i) => i !== busdAt);
  const target = rest.findIndex((c) => c.value.toUpperCase() === 'XRP');
  return [...rest.slice(0, target), busd, ...rest.slice(target)];
}

/**
 * SPEC 8 "SERVICE_UNAVAILABLE with code 404 when the merchant has no services or no matching
 * gateway service".
 */
export function selectCryptoService<S extends { gatewayCode: string }>(services: readonly S[] | null | undefined, gatewayCode = CRYPTO_GATEWAY_CODE): S {
  const found = findMerchantService(services ?? [], (code) => code === gatewayCode.toUpperCase());
  if (!found) throw new PasarelaError({ code: SPECIFIC_ERROR_CODES.serviceUnavailable, category: 'api', status: 404 });
  return found;
}

/**
 * SPEC 4 "The payment is accepted only if its status equals the success constant; otherwise the
 * QR request fails with a 404-style error." (REQUESTED_QR_FAILED with code 404.)
 */
export function acceptCryptoPayment(payment: CryptoPayment): CryptoPayment {
  if (String(payment.status).toUpperCase() !== CRYPTO_PAYMENT_SUCCESS_STATUS) {
    throw new PasarelaError({ code: SPECIFIC_ERROR_CODES.requestedQrFailed, category: 'api', status: 404 });
  }
  return payment;
}

/** SPEC 4 "The exchange rate is frozen for 10 minutes": time left on the quoted rate. */
export function rateFrozenRemainingMs(frozenAt: number, now: number): number {
  return Math.max(0, frozenAt + CRYPTO_RATE_FROZEN_MS - now);
}

/** Decimals a coin amount is quoted and shown with (the smallest unit of BTC, satoshis). */
export const CRYPTO_DECIMALS = 8;

const roundCoin = (amount: number): number => Number(amount.toFixed(CRYPTO_DECIMALS));

/**
 * PRODUCT.md "Crypto": "the address and exact coin amount with copy buttons": the amount as the
 * payer types or pastes it into a wallet: a dot, at most 8 decimals, no grouping, no exponent.
 */
export function cryptoAmountText(amount: number): string {
  if (!Number.isFinite(amount)) return '0';
  const text = Math.abs(roundCoin(amount)).toFixed(CRYPTO_DECIMALS).replace(/\.?0+$/, '');
  return amount < 0 && text !== '0' ? `-${text}` : text;
}

/** PRODUCT.md "Crypto": "an under-payment shows what is still owed": the quote less what arrived, never below 0. */
export function cryptoAmountOwed(amountCrypto: number, paidCrypto: number): number {
  return Math.max(0, roundCoin(amountCrypto - paidCrypto));
}

/** A refund owed on a cancelled crypto payment: owed ('pending') until the sandbox's admin marks it sent ('refunded'). */
const CRYPTO_REFUND_STATUSES = ['pending', 'refunded'] as const;

/** The coins a cancelled payment owes back: the coin and network they came in, the amount, where they go back to. */
export const CryptoRefundSchema = v.object({
  coin: v.string(),
  network: v.string(),
  amount: NumberLike,
  /** The address the coins were sent from: a refund goes back there, on the same network. */
  to: optionalText(),
  status: v.picklist(CRYPTO_REFUND_STATUSES),
  refundedAt: v.optional(v.nullable(v.string()), null),
});
export type CryptoRefund = v.InferOutput<typeof CryptoRefundSchema>;

/** What a crypto payment has received and from where, as the chain reported it. */
interface CryptoReceived {
  currency: string;
  network: string;
  paidCrypto: number;
  senderAddress?: string | null | undefined;
}

/**
 * Issue "Money is never wrong": cancelling a crypto payment that has received coins (an
 * under-payment) owes them back, in the same coin on the same network, to the address they came
 * from (a chain transfer can only be returned there without asking the payer). Null when nothing
 * has arrived: the payer may then cancel with one click and nothing is owed.
 */
export function cryptoRefundOnCancel(received: CryptoReceived): CryptoRefund | null {
  const amount = Number.isFinite(received.paidCrypto) ? roundCoin(received.paidCrypto) : 0;
  if (amount <= 0) return null;
  return { coin: received.currency, network: received.network, amount, to: received.senderAddress ?? '', status: 'pending', refundedAt: null };
}

/** Cancelling asks the payer first exactly when it would owe a refund. */
export function cryptoCancelNeedsConfirmation(received: CryptoReceived): boolean {
  return cryptoRefundOnCancel(received) !== null;
}
