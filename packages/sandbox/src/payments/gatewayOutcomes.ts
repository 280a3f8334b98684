import type { BankOutcome, CardLookup, CryptoDeposit, GatewayEvent, PushAnswer, Voucher } from '@pasarela/gateways';
import { cryptoDepositEnd, cryptoOverpaymentOf, recordedCardOutcomeOf, recordedOutcomeOf, type CardResultKey } from '@pasarela/core';
import type { TransactionRow } from '../store/transactions';
import type { PaymentOutcome } from '../store/transactionUpdates';

// Each port's answer in core's words; SPEC 4's status per method is core's rule (recordedOutcomeOf).

export function cardResultKeyOf(decision: CardLookup): CardResultKey {
  if (decision.status === 'declined') return decision.reason;
  if (decision.status === 'challenge') return 'three_ds';
  // A hold released at the processor: nothing taken, the payment ended.
  if (decision.status === 'voided') return 'cancelled';
  return decision.status;
}

export function cardOutcomeOf(decision: CardLookup): PaymentOutcome {
  const outcome = recordedCardOutcomeOf(cardResultKeyOf(decision));
  return 'reference' in decision ? { ...outcome, gatewayReference: decision.reference } : outcome;
}

/** Undefined while the payer has not answered. */
export function pushOutcomeOf(method: string, answer: PushAnswer): PaymentOutcome | undefined {
  return answer.state === 'waiting' ? undefined : recordedOutcomeOf(method === 'yappy' ? 'yappy' : 'nequi', answer.state);
}

/** Undefined while the voucher waits to be paid. */
export function voucherOutcomeOf(voucher: Voucher): PaymentOutcome | undefined {
  return voucher.state === 'issued' ? undefined : recordedOutcomeOf('cash', voucher.state);
}

/**
 * Paid in full, or under-paid (still pending, with what is owed); undefined while nothing arrived.
 * Paid beyond the quote: the coins beyond it are recorded with the approval as the payer's
 * (`overpayment`, core cryptoOverpaymentOf), to be sent back (returnCryptoOverpayment).
 * Only a deposit at the payment's address now (its `reference`, the address of its depositKey) is
 * its coin's: one at the address of a coin it moved from (a report read before the change) is
 * undefined, never counted against the new coin's quote. No address recorded yet (the address call
 * in doubt): the deposit its key's books answer.
 */
export function cryptoOutcomeOf(row: Pick<TransactionRow, 'details' | 'reference'>, deposit: CryptoDeposit): PaymentOutcome | undefined {
  if (deposit.paidCrypto <= 0) return undefined;
  if (row.reference && deposit.address !== row.reference) return undefined;
  const quoted = Number(row.details['amountCrypto']);
  const end = cryptoDepositEnd(deposit.paidCrypto, quoted);
  const overpayment = end === 'paid' ? cryptoOverpaymentOf({ currency: String(row.details['currency']), network: String(row.details['network']), paidCrypto: deposit.paidCrypto, senderAddress: deposit.senderAddress }, quoted) : null;
  return { ...recordedOutcomeOf('crypto', end), details: { paidCrypto: deposit.paidCrypto, underpaid: end === 'underpaid', senderAddress: deposit.senderAddress, ...(overpayment ? { overpayment } : {}) } };
}

/** What arrived, without the overpayment an approval would record: a payment called off owes all of it back as its refund. */
export function depositDetailsOf(outcome: PaymentOutcome): Record<string, unknown> | undefined {
  if (!outcome.details) return undefined;
  const { overpayment: _beyondQuote, ...arrived } = outcome.details;
  return arrived;
}

/** Undefined while the payer is still at the bank. */
export function bankOutcomeOf(outcome: BankOutcome): PaymentOutcome | undefined {
  return outcome === 'waiting' ? undefined : recordedOutcomeOf('clave', outcome);
}

export type AttemptEvent = Extract<GatewayEvent, { kind: 'card' | 'push' | 'voucher' | 'crypto' | 'bank' }>;

export function outcomeOfEvent(row: TransactionRow, event: AttemptEvent): PaymentOutcome | undefined {
  switch (event.kind) {
    case 'card': return cardOutcomeOf(event.decision);
    case 'push': return pushOutcomeOf(row.method, event.answer);
    case 'voucher': return voucherOutcomeOf(event.voucher);
    case 'crypto': return cryptoOutcomeOf(row, event.deposit);
    case 'bank': return bankOutcomeOf(event.outcome);
  }
}
