import { laterStyles } from '../services/laterStyles';
import { wholeTexts } from '../i18n/i18n';

export type ReceiptsChunk = typeof import('./receipts');

let loading: Promise<ReceiptsChunk> | null = null;
let loaded: ReceiptsChunk | undefined;

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

export const loadedReceipts = (): ReceiptsChunk | undefined => loaded;
