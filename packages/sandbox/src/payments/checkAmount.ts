import { amountToCents, centsToAmount, amountText, amountSizeRefusal, paymentAmountRefusal, type AmountLimits, type Currency, type PaymentAmounts } from '@pasarela/core';
import { PaymentError } from '../errors/PaymentError';
import type { PayTarget } from './payTarget';

export interface CheckedAmounts {
  amountCents: number;
  taxCents: number;
}

/** A set price is paid as set, so a page cannot lower it by editing the request; a target with no price (0) takes the payer's amount. */
export function checkAmount(
  target: PayTarget,
  amount: number | undefined,
  taxAmount: number | undefined,
  txLimitCents: number,
  currency: Currency = 'USD',
): CheckedAmounts {
  const charged = { amount: amount ?? centsToAmount(target.amountCents), taxAmount: taxAmount ?? centsToAmount(target.taxCents) };
  refuseBadAmounts(charged, { txLimit: centsToAmount(txLimitCents), currency, payerTyped: target.amountCents === 0 });
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

export function refuseBadAmounts(amounts: PaymentAmounts, limits: AmountLimits = {}): void {
  const refusal = paymentAmountRefusal(amounts, limits);
  if (refusal) throw new PaymentError(refusal.kind, refusal.code, refusal.detail);
}

/** A refund's or a capture's amount past what the columns hold, refused naming the merchant's currency alone (core amountSizeRefusal). */
export function refuseAmountPastColumns(field: string, amount: number | undefined, currency: Currency): void {
  const detail = amountSizeRefusal(field, amount, currency);
  if (detail) throw new PaymentError('invalid', 'invalid_amount', detail);
}
