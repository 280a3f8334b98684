import { cryptoAmountOwed, cryptoCancelNeedsConfirmation, paymentDisplayStatus, type CryptoState } from '@pasarela/core';
import type { AttemptVerdict } from '../../payments/attemptStore';
import type { CryptoAnswer } from './api';

/** Waits until the chain confirms it, unless the payer cancelled it. */
export function cryptoVerdict(answer: CryptoAnswer): AttemptVerdict {
  const display = paymentDisplayStatus('crypto', answer.txStatus, answer.authStatus);
  return display === 'approved' ? 'approved' : display === 'declined' ? 'declined' : 'pending';
}

export function cancelNeedsConfirmation(quote: CryptoAnswer | null): boolean {
  return quote !== null && cryptoCancelNeedsConfirmation({ currency: quote.currency, network: quote.network, paidCrypto: quote.paidCrypto });
}

export function amountOwed(quote: CryptoAnswer): number | null {
  if (!quote.underpaid || quote.paidCrypto <= 0) return null;
  return cryptoAmountOwed(quote.amountCrypto, quote.paidCrypto);
}

export function isChanging(state: { flow: Pick<CryptoState, 'currency' | 'network'>; quote: CryptoAnswer | null }): boolean {
  const { quote, flow } = state;
  return quote !== null && (flow.currency !== quote.currency || flow.network !== quote.network);
}

export function isCoinLocked(quote: CryptoAnswer | null): boolean {
  return quote !== null && quote.paidCrypto > 0;
}

export const cancelReason = (answer: CryptoAnswer) => (answer.refund ? 'crypto_refund_pending' : 'crypto_cancelled');
