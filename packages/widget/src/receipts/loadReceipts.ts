type ReceiptsChunk = typeof import('./receipts');

let loading: Promise<ReceiptsChunk> | null = null;

/** The receipts chunk, fetched once; fetched early while a payment is under way. */
export function loadReceipts(): Promise<ReceiptsChunk> {
  loading ??= import('./receipts').catch((error: unknown) => {
    loading = null; // let a retry fetch it again
    throw error;
  });
  return loading;
}
