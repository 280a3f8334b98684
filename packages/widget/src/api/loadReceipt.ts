import { ReceiptSchema } from '@pasarela/core';
import type { ApiClient } from './client';

/** GET receipt by operation (SPEC 7). A 404 receive_not_found leads to /404 (SPEC 8). */
export function loadReceipt(api: ApiClient, codOper: string) {
  return api.get(`receipts/${encodeURIComponent(codOper)}`, ReceiptSchema);
}
