import type { Receipt } from '@pasarela/core';

// Kept apart from the receipts chunk: the card payment's code hands the receipt over before that
// chunk is needed.
let paid: Receipt | null = null;

/** The receipt an approved payment's answer carried: the receipt screen that follows shows it without a GET. */
export function rememberPaidReceipt(receipt: Receipt): void {
  paid = receipt;
}

/** The receipt just paid for this codOper, once (a later visit to the address reads the server again). */
export function takePaidReceipt(codOper: string): Receipt | undefined {
  if (!paid || paid.codOper !== codOper) return undefined;
  const receipt = paid;
  paid = null;
  return receipt;
}
