import { ReceiptSchema, receiptCall } from '@pasarela/core';
import type { ApiClient } from './client';

/** A receipt or bank return page carries its answer (core receiptOfAddress), so its first read needs no round trip. */
export function loadReceipt(api: ApiClient, codOper: string) {
  return api.get(receiptCall(codOper).path, ReceiptSchema);
}
