// The receipt screens load in their own chunk: the first load carries only what the card form needs.
export { ReceiptRoute } from './ReceiptRoute';
export { ReceiptScreen } from './ReceiptScreen';
export { createReceiptStore } from './receiptStore';
export { receiptModule } from './receiptModule';
