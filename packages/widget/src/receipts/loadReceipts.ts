import { laterStyles } from '../services/laterStyles';
import { wholeTexts } from '../i18n/i18n';

export type ReceiptsChunk = typeof import('./receipts');

let loading: Promise<ReceiptsChunk> | null = null;
let loaded: ReceiptsChunk | undefined;

/** The receipts chunk with the later style sheet it is styled by and the whole catalogue, fetched once; fetched early while a payment is under way. */
export function loadReceipts(): Promise<ReceiptsChunk> {
  loading ??= Promise.all([
    import('./receipts'),
    laterStyles(),
    wholeTexts(),
  ]).then(([chunk]) => (loaded = chunk)).catch((error: unknown) => {
    loading = null; // let a retry fetch it again
    throw error;
  });
  return loading;
}

/** The receipts chunk once loadReceipts() has it (its styles and texts in too), else undefined. */
export const loadedReceipts = (): ReceiptsChunk | undefined => loaded;
