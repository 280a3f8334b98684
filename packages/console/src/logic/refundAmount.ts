import * as v from 'valibot';
import { amountToCents, centsToAmount, refundableCents } from '@pasarela/core';
import type { Transaction } from '../api/schemas';

/** Why a typed refund amount is refused, as the console's text key. */
export type RefundAmountError = 'refundAmount.invalid' | 'refundAmount.zero' | 'refundAmount.over';

/** Dollars with at most two decimals, a dot or a comma before the cents. */
const AmountText = v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}(?:[.,]\d{1,2})?$/, 'refundAmount.invalid'));

type Refundable = Pick<Transaction, 'amount' | 'taxAmount' | 'refundedAmount'>;

/** What remains to refund of a payment, in dollars: what was paid less what refunds gave back (core's rule). */
export function remainingToRefund(tx: Refundable): number {
  return centsToAmount(refundableCents({ paidCents: amountToCents(tx.amount + tx.taxAmount), heldCents: amountToCents(tx.refundedAmount) }));
}

/**
 * The refund the console's amount field asks for: empty is all that remains (the merchant API's
 * `amount` left out); otherwise dollars above 0 and at most what remains.
 */
export function refundAmountOf(text: string, tx: Refundable): { amount: number | undefined } | { error: RefundAmountError } {
  if (text.trim() === '') return { amount: undefined };
  const parsed = v.safeParse(AmountText, text);
  if (!parsed.success) return { error: 'refundAmount.invalid' };
  const cents = amountToCents(Number(parsed.output.replace(',', '.')));
  if (cents <= 0) return { error: 'refundAmount.zero' };
  if (cents > amountToCents(remainingToRefund(tx))) return { error: 'refundAmount.over' };
  return { amount: centsToAmount(cents) };
}
