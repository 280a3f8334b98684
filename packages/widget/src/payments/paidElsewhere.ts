import { isPasarelaError, PAYMENT_METHOD_IDS, type PasarelaError, type PaymentMethodId } from '@pasarela/core';

/** The server's code for an order another payment paid: a link opened after it, or a payment called off by it. */
export const PAID_ELSEWHERE = 'request_already_paid';

/** The server's code for a wait the payer called off, seen from a page still waiting on it. */
export const CALLED_OFF_ELSEWHERE = 'payment_cancelled';

export interface PaidBy {
  codOper: string;
  method: PaymentMethodId | null;
}

/** Refused because another payment paid the order (a wait called off, or a Pay pressed after it was paid elsewhere). */
export function isPaidElsewhere(error: unknown): error is PasarelaError {
  return isPasarelaError(error) && error.code === PAID_ELSEWHERE;
}

/** Which payment paid the order, as the refusal of the one left waiting names it; null for any other refusal. */
export function paidByOf(error: unknown): PaidBy | null {
  if (!isPaidElsewhere(error)) return null;
  const { paidBy, paidWith } = error.fields;
  return paidByNamed(paidBy, paidWith);
}

/** Which payment paid the order, as the receipt of one called off by it names it (`paidBy`); null for any other receipt. */
export function paidByOfReceipt(receipt: { paidBy?: { codOper: string; method: string } | null | undefined }): PaidBy | null {
  return receipt.paidBy ? paidByNamed(receipt.paidBy.codOper, receipt.paidBy.method) : null;
}

function paidByNamed(codOper: unknown, method: unknown): PaidBy | null {
  if (typeof codOper !== 'string' || codOper === '') return null;
  return { codOper, method: (PAYMENT_METHOD_IDS as readonly unknown[]).includes(method) ? (method as PaymentMethodId) : null };
}
