import { amountToCents, centsToAmount, heldCentsOf, readTypedDollars, refundCheck, typedAmountSlip, type RefundablePayment } from '@pasarela/core';
import type { Transaction } from '../api/schemas';
import { pesosTyped, type PesosError } from './typedPesos';

/**
 * The server's codes for a refund refused for its amount (docs/merchant-api.md "Errors"), which the
 * form's own check missed: the list it counted from was older than the server's refunds.
 */
const AMOUNT_REFUSALS: readonly string[] = ['refund_exceeds_remaining', 'invalid_amount'];

/** Whether the server refused a refund for its amount: the amount field is what to fix. */
export const isAmountRefusal = (code: string): boolean => AMOUNT_REFUSALS.includes(code);

/** Why a typed refund amount is refused, as the console's text key. */
export type RefundAmountError = 'refundAmount.invalid' | 'refundAmount.zero' | 'refundAmount.over' | PesosError;

export type Refundable = Pick<Transaction, 'method' | 'status' | 'authStatus' | 'paidAmount' | 'refunds'> & Partial<Pick<Transaction, 'currency' | 'disputes'>>;

/**
 * A listed payment as core's refund rule reads it, the server's own: what was paid, and what its
 * refunds hold (core's heldCentsOf: the ones that went through and the pending ones).
 */
export function refundablePaymentOf(tx: Refundable): RefundablePayment {
  return {
    method: tx.method, status: tx.status, authStatus: tx.authStatus, paidCents: amountToCents(tx.paidAmount),
    heldCents: heldCentsOf(tx.refunds.map((r) => ({ amountCents: amountToCents(r.amount), state: r.status }))),
    disputes: (tx.disputes ?? []).map((d) => ({ stage: d.stage, status: d.status, takenCents: amountToCents(d.taken), feeCharged: d.feeCharged })),
    currency: tx.currency,
  };
}

/**
 * What remains to refund of a payment, as the server counts it (core's refundCheck of all that
 * remains): a pending refund's part is not there, nor anything while a dispute is open, nor what a
 * lost dispute took.
 */
export function remainingToRefund(tx: Refundable): number {
  const check = refundCheck(refundablePaymentOf(tx), undefined);
  return 'cents' in check ? centsToAmount(check.cents) : 0;
}

/** What the payment's pending refunds hold, in dollars (0 when none waits on its gateway). */
export function pendingRefundAmount(tx: Pick<Transaction, 'refunds'>): number {
  return centsToAmount(heldCentsOf(tx.refunds.filter((r) => r.status === 'pending').map((r) => ({ amountCents: amountToCents(r.amount), state: r.status }))));
}

/** Whether the payment can take a refund now (core's refundCheck of what remains). */
export function canRefund(tx: Refundable): boolean {
  return 'cents' in refundCheck(refundablePaymentOf(tx), undefined);
}

/**
 * The refund the console's amount field asks for: empty is all that remains (the merchant API's
 * `amount` left out); otherwise above 0 (a negative one said as 0 is) and at most what remains, by core's refundCheck. Dollars
 * with at most two decimals; pesos whole, as pesosTyped reads them.
 */
export function refundAmountOf(text: string, tx: Refundable): { amount: number | undefined } | { error: RefundAmountError } {
  if (text.trim() === '') return { amount: undefined };
  // A minus sign is an amount below what a refund takes, said as for 0, not how to write one.
  if (typedAmountSlip(text) === 'amount_negative') return { error: 'refundAmount.zero' };
  const asked = tx.currency === 'COP' ? pesosTyped(text) : dollarsAsked(text);
  if ('error' in asked) return asked;
  const check = refundCheck(refundablePaymentOf(tx), amountToCents(asked.amount));
  if ('cents' in check) return { amount: centsToAmount(check.cents) };
  if (check.refusal === 'amount_not_whole') return { error: 'pesos.whole' };
  return { error: check.refusal === 'amount_not_positive' ? 'refundAmount.zero' : 'refundAmount.over' };
}

function dollarsAsked(text: string): { amount: number } | { error: RefundAmountError } {
  const read = readTypedDollars(text, 'operator');
  return 'dollars' in read ? { amount: read.dollars } : { error: 'refundAmount.invalid' };
}
