import { cryptoAmountOwed, cryptoCancelNeedsConfirmation, paymentDisplayStatus, type CryptoState } from '@pasarela/core';
import type { AttemptVerdict } from '../../payments/attemptStore';
import type { CryptoAnswer } from './api';

// What the crypto screen reads off a payment, through core's rules.

/**
 * SPEC 4 "Crypto: 1 approved, all others pending": a crypto payment waits until the chain confirms
 * it, unless the payer cancelled it (core's paymentDisplayStatus reads the auth status: declined).
 */
export function cryptoVerdict(answer: CryptoAnswer): AttemptVerdict {
  const display = paymentDisplayStatus('crypto', answer.txStatus, answer.authStatus);
  return display === 'approved' ? 'approved' : display === 'declined' ? 'declined' : 'pending';
}

/** Cancelling asks first when coins have arrived (core's rule: they would be refunded). */
export function cancelNeedsConfirmation(quote: CryptoAnswer | null): boolean {
  return quote !== null && cryptoCancelNeedsConfirmation({ currency: quote.currency, network: quote.network, paidCrypto: quote.paidCrypto });
}

/** PRODUCT.md "an under-payment shows what is still owed": null while nothing (or everything) has arrived. */
export function amountOwed(quote: CryptoAnswer): number | null {
  if (!quote.underpaid || quote.paidCrypto <= 0) return null;
  return cryptoAmountOwed(quote.amountCrypto, quote.paidCrypto);
}

/** The payer picked a coin or network other than the payment's: the shown address is not for it. */
export function isChanging(state: { flow: Pick<CryptoState, 'currency' | 'network'>; quote: CryptoAnswer | null }): boolean {
  const { quote, flow } = state;
  return quote !== null && (flow.currency !== quote.currency || flow.network !== quote.network);
}

/** Once part of the payment has arrived it is finished in the same coin and network. */
export function isCoinLocked(quote: CryptoAnswer | null): boolean {
  return quote !== null && quote.paidCrypto > 0;
}

/** Razon for the merchant page: a refund is owed, or the payer cancelled before anything arrived. */
export const cancelReason = (answer: CryptoAnswer) => (answer.refund ? 'crypto_refund_pending' : 'crypto_cancelled');
