import { DEFAULT_CONCEPT } from './constants';
import type { Receipt } from './receipt';
import { receiptDisplayStatus, receiptStatusFamily } from './receipt';
import type { StatusFamily } from './status';

// Issue 21 "Receipts read like receipts": not all the server sends is for the payer's eyes.

export type ReceiptField =
  | 'operation' | 'date' | 'merchant' | 'method' | 'card' | 'name' | 'concept' | 'authorization'
  | 'voucherCode' | 'voucherWhere' | 'voucherDeadline' | 'reference' | 'refund' | 'overpayment' | 'refunded' | 'tax' | 'descriptor';

/** At least one digit: SPEC 3's authStatus also carries status words (APPROVED, PENDING_3DS...), never shown. */
function isAuthorizationCode(text: string | null | undefined): boolean {
  const t = (text ?? '').trim();
  return /^[A-Za-z0-9]{6}$/.test(t) && /\d/.test(t);
}

/** SPEC 5's wire default concept, which no payer wrote, gives way to the link's description. */
export function receiptConcept(receipt: { concept?: string | null; txCtrl?: { description?: string | null } | null }): string {
  const concept = (receipt.concept ?? '').trim();
  if (concept !== '' && concept !== DEFAULT_CONCEPT) return concept;
  const description = (receipt.txCtrl?.description ?? '').trim();
  return description === DEFAULT_CONCEPT ? '' : description;
}

const isCash = (family: StatusFamily) => family === 'cash' || family === 'cashPoint';

/**
 * Each line only when it has something to say. "Aparecerá en tu estado de cuenta" only for a card
 * not declined: nothing else reaches a card statement. A voucher's authStatus is never an authorization.
 */
export function receiptFields(receipt: Receipt): ReceiptField[] {
  const family = receiptStatusFamily(receipt);
  const display = receiptDisplayStatus(receipt);
  const has = (text: string | null | undefined) => (text ?? '').trim() !== '';
  const fields: ReceiptField[] = ['operation'];
  if (has(receipt.date)) fields.push('date');
  if (has(receipt.merchant?.merchantName)) fields.push('merchant');
  const card = family === 'card';
  if (!card) fields.push('method');
  if (card && (has(receipt.cardType) || has(receipt.displayNum))) fields.push('card');
  if (has(receipt.name) || has(receipt.txCtrl?.completeName)) fields.push('name');
  if (receiptConcept(receipt) !== '') fields.push('concept');
  if (card && isAuthorizationCode(receipt.authStatus)) fields.push('authorization');
  if (isCash(family)) {
    if (has(receipt.reference)) fields.push('voucherCode');
    if (display === 'pending') fields.push('voucherWhere');
    if (display === 'pending' && has(receipt.expirationDate)) fields.push('voucherDeadline');
  } else if (has(receipt.reference) && receipt.reference?.trim() !== receipt.codOper.trim()) {
    fields.push('reference');
  }
  if (receipt.refund) fields.push('refund');
  if (receipt.overpayment) fields.push('overpayment');
  // What the merchant gave back, beside what was paid: the amount under a partial refund's title is the payment's.
  if ((receipt.refundedAmount ?? 0) > 0) fields.push('refunded');
  if ((receipt.taxAmount ?? 0) > 0) fields.push('tax');
  if (card && display !== 'declined' && has(receipt.descriptor)) fields.push('descriptor');
  return fields;
}
