import { ReceiptSchema, receiptCall } from '@pasarela/core';
import type { ApiClient } from './client';

/**
 * GET receipt by operation (SPEC 7). A 404 receive_not_found leads to /404 (SPEC 8). A receipt or
 * bank return page carries its answer (core receiptOfAddress), so its first read needs no round trip.
 */
export function loadReceipt(api: ApiClient, codOper: string) {
  return api.get(receiptCall(codOper).path, ReceiptSchema);
}
