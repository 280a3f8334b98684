import * as v from 'valibot';
import { amountToCents, centsToAmount, heldCentsOf, refundableCents, refundCheck, typedAmountSlip, typedPesos, type RefundablePayment } from '@pasarela/core';
import type { Transaction } from '../api/schemas';

/** Why a typed refund amount is refused, as the console's text key. */
export type RefundAmountError = 'refundAmount.invalid' | 'refundAmount.invalidPesos' | 'refundAmount.zero' | 'refundAmount.over' | 'refundAmount.whole';

/** Dollars with at most two decimals, a dot or a comma before the cents. */
const AmountText = v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}(?:[.,]\d{1,2})?$/, 'refundAmount.invalid'));

export type Refundable = Pick<Transaction, 'method' | 'status' | 'authStatus' | 'paidAmount' | 'refunds'> & Partial<Pick<Transaction, 'currency'>>;

/**
 * A listed payment as core's refund rule reads it, the server's own: what was paid, and what its
 * refunds hold (core's heldCentsOf: the ones that went through and the pending ones).
 */
export function refundablePaymentOf(tx: Refundable): RefundablePayment {
  return {
    method: tx.method, status: tx.status, authStatus: tx.authStatus, paidCents: amountToCents(tx.paidAmount),
    heldCents: heldCentsOf(tx.refunds.map((r) => ({ amountCents: amountToCents(r.amount), state: r.status }))),
    currency: tx.currency,
  };
}

/** What remains to refund of a payment, in dollars, as the server counts it (core's refundableCents): a pending refund's part is not there. */
export function remainingToRefund(tx: Refundable): number {
  return centsToAmount(refundableCents(refundablePaymentOf(tx)));
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
 * `amount` left out); otherwise above 0 and at most what remains, by core's refundCheck. Dollars
 * with at most two decimals; pesos whole, grouped as Colombia writes them or not ("25.000", "25,000",
 * "25000": core's typedPesos), centavos named as such (core's typedAmountSlip).
 */
export function refundAmountOf(text: string, tx: Refundable): { amount: number | undefined } | { error: RefundAmountError } {
  if (text.trim() === '') return { amount: undefined };
  const asked = tx.currency === 'COP' ? pesosAsked(text) : dollarsAsked(text);
  if ('error' in asked) return asked;
  const check = refundCheck(refundablePaymentOf(tx), amountToCents(asked.amount));
  if ('cents' in check) return { amount: centsToAmount(check.cents) };
  if (check.refusal === 'amount_not_whole') return { error: 'refundAmount.whole' };
  return { error: check.refusal === 'amount_not_positive' ? 'refundAmount.zero' : 'refundAmount.over' };
}

function dollarsAsked(text: string): { amount: number } | { error: RefundAmountError } {
  const parsed = v.safeParse(AmountText, text);
  return parsed.success ? { amount: Number(parsed.output.replace(',', '.')) } : { error: 'refundAmount.invalid' };
}

function pesosAsked(text: string): { amount: number } | { error: RefundAmountError } {
  if (typedAmountSlip(text, 'COP') === 'amount_whole_pesos') return { error: 'refundAmount.whole' };
  const pesos = typedPesos(text);
  return pesos === null ? { error: 'refundAmount.invalidPesos' } : { amount: pesos };
}
