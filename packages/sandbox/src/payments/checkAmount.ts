import { amountToCents, centsToAmount, amountText, paymentAmountRefusal, type AmountLimits, type PaymentAmounts } from '@pasarela/core';
import { PaymentError } from '../errors/PaymentError';
import type { PayTarget } from './payTarget';

/** What a payment charges, in cents, once its amounts passed the rules. */
export interface CheckedAmounts {
  amountCents: number;
  taxCents: number;
}

/**
 * The amounts a payment charges, checked. A link or station with a set price is paid at that price:
 * a page cannot lower what the merchant asked by editing the request. A target with no price (0)
 * takes the payer's amount. Either way core's amount rules (paymentAmountRefusal) apply: money,
 * above 0, the tax 0 or more, amount plus tax within the merchant's limit (in cents, as stored).
 */
export function checkAmount(
  target: PayTarget,
  amount: number | undefined,
  taxAmount: number | undefined,
  txLimitCents: number,
): CheckedAmounts {
  const charged = { amount: amount ?? centsToAmount(target.amountCents), taxAmount: taxAmount ?? centsToAmount(target.taxCents) };
  refuseBadAmounts(charged, { txLimit: centsToAmount(txLimitCents) });
  if (target.amountCents > 0) {
    if (amount !== undefined && amountToCents(amount) !== target.amountCents) {
      throw new PaymentError('invalid', 'invalid_amount', `amount must be ${amountText(centsToAmount(target.amountCents))}, the price of ${target.code}`);
    }
    if (taxAmount !== undefined && amountToCents(taxAmount) !== target.taxCents) {
      throw new PaymentError('invalid', 'invalid_amount', `taxAmount must be ${amountText(centsToAmount(target.taxCents))}, the tax of ${target.code}`);
    }
  }
  return { amountCents: amountToCents(charged.amount), taxCents: amountToCents(charged.taxAmount) };
}

/** Throws core's refusal of these amounts (paymentAmountRefusal) as a domain error. */
export function refuseBadAmounts(amounts: PaymentAmounts, limits: AmountLimits = {}): void {
  const refusal = paymentAmountRefusal(amounts, limits);
  if (refusal) throw new PaymentError(refusal.kind, refusal.code, refusal.detail);
}
