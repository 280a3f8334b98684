import * as v from 'valibot';
import { CRYPTO_RATE_FROZEN_MS } from './constants';
import { PasarelaError } from './errors';
import { SPECIFIC_ERROR_CODES } from './errorCodes';
import { findMerchantService } from './paymentLink';
import { NumberLike, optionalNumber, optionalText } from './schemaParts';
import type { GatewayEnds } from './status';

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

export const CoinSchema = v.object({ label: v.string(), value: v.string() });
export type Coin = v.InferOutput<typeof CoinSchema>;

/** SPEC 3 does not show the constant; decided. */
export const CRYPTO_PAYMENT_SUCCESS_STATUS = 'SUCCESS';
/** SPEC 9 lists none for crypto; decided. */
const CRYPTO_GATEWAY_CODE = 'CRYPTO';

export function orderCoins(coins: readonly Coin[]): Coin[] {
  const busdAt = coins.findIndex((c) => c.value.toUpperCase() === 'BUSD');
  const xrpAt = coins.findIndex((c) => c.value.toUpperCase() === 'XRP');
  const busd = coins[busdAt];
  if (!busd || xrpAt < 0) return [...coins];
  const rest = coins.filter((_, i) => i !== busdAt);
  const target = rest.findIndex((c) => c.value.toUpperCase() === 'XRP');
  return [...rest.slice(0, target), busd, ...rest.slice(target)];
}

export function selectCryptoService<S extends { gatewayCode: string }>(services: readonly S[] | null | undefined, gatewayCode = CRYPTO_GATEWAY_CODE): S {
  const found = findMerchantService(services ?? [], (code) => code === gatewayCode.toUpperCase());
  if (!found) throw new PasarelaError({ code: SPECIFIC_ERROR_CODES.serviceUnavailable, category: 'api', status: 404 });
  return found;
}

export function acceptCryptoPayment(payment: CryptoPayment): CryptoPayment {
  if (String(payment.status).toUpperCase() !== CRYPTO_PAYMENT_SUCCESS_STATUS) {
    throw new PasarelaError({ code: SPECIFIC_ERROR_CODES.requestedQrFailed, category: 'api', status: 404 });
  }
  return payment;
}

export function rateFrozenRemainingMs(frozenAt: number, now: number): number {
  return Math.max(0, frozenAt + CRYPTO_RATE_FROZEN_MS - now);
}

/**
 * A quote binds only while its rate is frozen (until `rateExpiresAt`, ISO): coins that arrive later
 * are counted at the coin's rate when they arrive, never at the old one. An unreadable end holds nothing.
 */
export function cryptoQuoteHolds(rateExpiresAt: unknown, now: number): boolean {
  const end = typeof rateExpiresAt === 'string' ? Date.parse(rateExpiresAt) : Number.NaN;
  return Number.isFinite(end) && now < end;
}

/** Satoshis: the smallest unit of BTC. */
export const CRYPTO_DECIMALS = 8;

const roundCoin = (amount: number): number => Number(amount.toFixed(CRYPTO_DECIMALS));

/** In the coin's smallest units, a float's remainder (0.29 * 1e8 = 28999999.999999996) taken off first. */
const smallestUnits = (amount: number): number => Number((amount * 10 ** CRYPTO_DECIMALS).toFixed(4));
/** Coins that arrived, in whole smallest units: a fraction of one is not there to send back. */
const unitsArrived = (amount: number): number => Math.floor(smallestUnits(amount));
/** What a quote asks, in whole smallest units: never under what the merchant is owed. */
const unitsQuoted = (amount: number): number => Math.ceil(smallestUnits(amount));

/** As a wallet takes it pasted: a dot, at most 8 decimals, no grouping, no exponent. */
export function cryptoAmountText(amount: number): string {
  if (!Number.isFinite(amount)) return '0';
  const text = Math.abs(roundCoin(amount)).toFixed(CRYPTO_DECIMALS).replace(/\.?0+$/, '');
  return amount < 0 && text !== '0' ? `-${text}` : text;
}

/** Rounded up to the coin's smallest unit: sending what it says always completes the quote. */
export function cryptoAmountOwed(amountCrypto: number, paidCrypto: number): number {
  return Math.max(0, unitsQuoted(amountCrypto) - unitsArrived(paidCrypto)) / 10 ** CRYPTO_DECIMALS;
}

/**
 * The one rule for a deposit paying its quote: paid in full exactly when nothing is owed in the coin's
 * whole smallest units (cryptoAmountOwed is 0), so the server's end and the payer's "still to send" never disagree.
 */
export function cryptoPaidInFull(amountCrypto: number, paidCrypto: number): boolean {
  if (!Number.isFinite(amountCrypto) || !Number.isFinite(paidCrypto)) return false;
  return unitsArrived(paidCrypto) >= unitsQuoted(amountCrypto);
}

/** A deposit's end for the payment's record: paid exactly when cryptoPaidInFull says so, else under-paid (it waits for the rest). */
export function cryptoDepositEnd(paidCrypto: number, dueCrypto: number): GatewayEnds['crypto'] {
  return cryptoPaidInFull(dueCrypto, paidCrypto) ? 'paid' : 'underpaid';
}

/**
 * What the coins received were worth at the payment's rate (USD per coin), in cents, at most the
 * order's: what a cancellation owes the payer in the shop's money. Counted in whole smallest units, so
 * a dust deposit is worth its few cents (0 when under one), never the order. An unreadable rate: the order.
 * `sentCrypto`, what a refund already sent back of them: only the rest is owed (an unreadable one: none sent).
 */
function cryptoWorthCents(paidCrypto: number, rate: number, orderCents: number, sentCrypto = 0): number {
  if (!Number.isFinite(paidCrypto) || !Number.isFinite(rate) || rate <= 0) return orderCents;
  const unitsSent = Number.isFinite(sentCrypto) ? Math.max(0, Math.round(smallestUnits(sentCrypto))) : 0;
  const unitsOwed = Math.max(0, unitsArrived(paidCrypto) - unitsSent);
  return Math.min(orderCents, Math.round((unitsOwed * rate) / 10 ** (CRYPTO_DECIMALS - 2)));
}

/**
 * The payer's money a cancelled crypto payment owes beside its refund's coins, as its record says it
 * (owedToPayer): what the coins not sent back yet were worth (cryptoWorthCents). Worth nothing (under
 * a cent, or all sent back): none recorded (null, never an owed 0), but one given back before
 * (`stateBefore` 'given_back') stays as it was ('keep').
 */
export function cryptoOwedToPayer(
  coins: { paidCrypto: number; sentCrypto: number; rate: number; orderCents: number }, stateBefore: string | undefined,
): { amountCents: number } | 'keep' | null {
  const amountCents = cryptoWorthCents(coins.paidCrypto, coins.rate, coins.orderCents, coins.sentCrypto);
  if (amountCents > 0) return { amountCents };
  return stateBefore === 'given_back' ? 'keep' : null;
}

/** Owed until the sandbox's admin marks it sent. */
const CRYPTO_REFUND_STATUSES = ['pending', 'refunded'] as const;

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

interface CryptoReceived {
  currency: string;
  network: string;
  paidCrypto: number;
  senderAddress?: string | null | undefined;
}

/**
 * A chain transfer goes back to the address it came from without asking the payer; null when nothing
 * arrived. Rounded down to the coin's smallest unit: never more than arrived (the processor refuses that).
 */
export function cryptoRefundOnCancel(received: CryptoReceived): CryptoRefund | null {
  const amount = Number.isFinite(received.paidCrypto) ? unitsArrived(received.paidCrypto) / 10 ** CRYPTO_DECIMALS : 0;
  if (amount <= 0) return null;
  return { coin: received.currency, network: received.network, amount, to: received.senderAddress ?? '', status: 'pending', refundedAt: null };
}

/** Why a payment takes no other coin or network now (SPEC 7 "PUT to update"), else null. */
type CryptoCoinChangeRefusal = 'cancelled' | 'paid' | 'coins_received';

/**
 * A cancelled payment takes none (the checkout starts a new one); a paid one none; once coins
 * arrived, only the coin and network they came in (quoted anew, what arrived kept): at another
 * network's address they would count for nothing, and a cancellation would owe them back nowhere.
 */
export function cryptoCoinChangeRefusal(
  payment: { cancelled: boolean; paid: boolean; received: CryptoReceived }, currency: string, network: string,
): CryptoCoinChangeRefusal | null {
  if (payment.cancelled) return 'cancelled';
  if (payment.paid) return 'paid';
  const { received } = payment;
  if (received.paidCrypto > 0 && (received.currency !== currency || received.network !== network)) return 'coins_received';
  return null;
}

/** Coins received for a payment still waiting, which calling it off sends back: what a checkout in another browser says (never where they came from). */
export const CoinsReceivedSchema = v.object({ coin: v.string(), network: v.string(), amount: v.number() });
export type CoinsReceived = v.InferOutput<typeof CoinsReceivedSchema>;

export function cryptoCancelNeedsConfirmation(received: CryptoReceived): boolean {
  return cryptoRefundOnCancel(received) !== null;
}

/**
 * Coins beyond the quote paid nothing of the order: they are the payer's, flagged and sent back, in
 * the coin and network they came in, to the address they came from (as Coinbase Commerce and BitPay
 * do with an overpayment), never out of the merchant's balance. Counted in the coin's smallest units,
 * so the order's coins and the excess add up to what arrived exactly. Null when nothing is beyond it.
 */
export function cryptoOverpaymentOf(received: CryptoReceived, quotedCrypto: number): CryptoRefund | null {
  if (!Number.isFinite(received.paidCrypto) || !Number.isFinite(quotedCrypto) || quotedCrypto <= 0) return null;
  // What arrived rounded down, the quote up: a fraction of a unit beyond it is the merchant's due, never sent.
  const units = unitsArrived(received.paidCrypto) - unitsQuoted(quotedCrypto);
  if (units <= 0) return null;
  return { coin: received.currency, network: received.network, amount: units / 10 ** CRYPTO_DECIMALS, to: received.senderAddress ?? '', status: 'pending', refundedAt: null };
}

/** An overpayment's send, recorded before the processor is asked: this amount, counted on from what was sent before. */
export const OverpaymentSendSchema = v.object({ from: v.pipe(v.number(), v.minValue(0)), amount: v.pipe(v.number(), v.gtValue(0)) });
export type OverpaymentSend = v.InferOutput<typeof OverpaymentSendSchema>;

/**
 * What to ask the crypto processor to send back next, under its own key (`overpaymentSendKey`). A send
 * recorded and not marked sent is asked again as it was: its coins may have gone with the answer lost,
 * and coins that arrived since must not ride on its key (the processor answers a known key as it did
 * first and sends nothing). Else what is still due, counted on from what was sent: coins after the
 * approval raise the overpayment after a part went back. Null when nothing is left to send.
 */
export function nextOverpaymentSend(overpaymentAmount: number, sentAmount: number, recorded: OverpaymentSend | null): OverpaymentSend | null {
  const units = (amount: number) => (Number.isFinite(amount) ? Math.round(amount * 10 ** CRYPTO_DECIMALS) : 0);
  if (recorded && units(recorded.from) === units(sentAmount)) return recorded;
  const due = units(overpaymentAmount) - units(sentAmount);
  return due > 0 ? { from: units(sentAmount) / 10 ** CRYPTO_DECIMALS, amount: due / 10 ** CRYPTO_DECIMALS } : null;
}

/** One key per starting point, so a send asked again from the same point is never sent twice. */
export function overpaymentSendKey(codOper: string, send: OverpaymentSend): string {
  return send.from > 0 ? `${codOper}:overpayment:${cryptoAmountText(send.from)}` : `${codOper}:overpayment`;
}
