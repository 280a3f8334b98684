export { ReceiptRoute } from './ReceiptRoute';
export { ReceiptScreen } from './ReceiptScreen';
export { createReceiptStore } from './receiptStore';
export { receiptModule } from './receiptModule';
