import { amountToCents, centsToAmount, amountText } from '@pasarela/core';
import { ApiError } from '../http/ApiError';
import type { PayTarget } from './payTarget';

/**
 * A link or station with a set price is paid at that price: a page cannot lower what the merchant
 * asked by editing the request. A target with no price (0) takes the payer's amount.
 */
export function checkAmount(target: PayTarget, amount: number | undefined, taxAmount: number | undefined): void {
  if (target.amountCents <= 0) return;
  if (amount !== undefined && amountToCents(amount) !== target.amountCents) {
    throw new ApiError(400, 'invalid_amount', `amount must be ${amountText(centsToAmount(target.amountCents))}, the price of ${target.code}`);
  }
  if (taxAmount !== undefined && amountToCents(taxAmount) !== target.taxCents) {
    throw new ApiError(400, 'invalid_amount', `taxAmount must be ${amountText(centsToAmount(target.taxCents))}, the tax of ${target.code}`);
  }
}
