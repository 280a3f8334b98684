import type { Receipt } from '@pasarela/core';

// Apart from the receipts chunk: the card payment's code hands the receipt over before that chunk is needed.
let paid: Receipt | null = null;

export function rememberPaidReceipt(receipt: Receipt): void {
  paid = receipt;
}

/** Once: a later visit to the address reads the server again. */
export function takePaidReceipt(codOper: string): Receipt | undefined {
  if (!paid || paid.codOper !== codOper) return undefined;
  const receipt = paid;
  paid = null;
  return receipt;
}
