import * as v from 'valibot';
import { NumberLike, optionalNumber, optionalText } from './schemaParts';
import { TRANSACTION_TYPES } from './constants';
import { MerchantBrandSchema } from './merchant';
import { CryptoRefundSchema } from './crypto';
import { paymentDisplayStatus, statusFamilyOf, type DisplayStatus, type StatusFamily } from './status';

// SPEC 3 "Receipt" and SPEC 4 "Receipt title".

const text = optionalText;

export const ReceiptSchema = v.object({
  date: text(),
  name: text(),
  authStatus: text(),
  cardType: text(),
  type: text(),
  binInfo: v.optional(v.nullable(v.union([v.string(), v.record(v.string(), v.unknown())])), null),
  displayNum: text(),
  messageSys: text(),
  codOper: v.string(),
  status: NumberLike,
  totalPay: optionalNumber(0),
  email: text(),
  txType: text(),
  expirationDate: text(),
  phone: text(),
  concept: text(),
  descriptor: text(),
  isBlock: v.optional(v.nullable(v.boolean()), false),
  typeMethod: text(),
  /** SPEC 3 "reference (txNumber)". */
  reference: text(),
  taxAmount: optionalNumber(0),
  merchant: v.optional(v.nullable(v.object({ merchantName: text(), logo: text(), brand: v.optional(v.nullable(MerchantBrandSchema), null) })), null),
  txCtrl: v.optional(v.nullable(v.object({ completeName: text(), description: text() })), null),
  /** The link's return address (SPEC 3 returnUrlString), read by the return page. */
  returnUrlString: text(),
  /** A cancelled crypto payment's coins owed back to the payer (docs/methods/crypto.md). */
  refund: v.optional(v.nullable(CryptoRefundSchema), null),
  /** A cash voucher's network (PAYCASH or PC): where it is paid. Its deadline is expirationDate. */
  network: text(),
});
export type Receipt = v.InferOutput<typeof ReceiptSchema>;

const RECEIPT_TITLE_KEYS = [
  'receipt_payment_proof',
  'receipt_subscription_proof',
  'receipt_refund_proof',
  'receipt_partial_refund_proof',
  'receipt_captured_proof',
  'receipt_payment_instructions',
  'receipt_pending',
  'receipt_declined',
] as const;
export type ReceiptTitleKey = (typeof RECEIPT_TITLE_KEYS)[number];

/** The receipt type of a subscription charge (SPEC 4 "subscription proof if type RECURRENT"). */
const RECURRENT_TYPE = 'RECURRENT';

/**
 * SPEC 4 "Receipt title: Status 1: payment proof (subscription proof if type RECURRENT). Status 3:
 * refund proof. Status 2 with non-AUTH type: partial refund proof. Status 2 with AUTH: captured
 * proof. Otherwise: payment instructions."
 */
function receiptTitleKey(status: number, type: string | null | undefined): ReceiptTitleKey {
  const t = (type ?? '').trim().toUpperCase();
  if (status === 1) return t === RECURRENT_TYPE ? 'receipt_subscription_proof' : 'receipt_payment_proof';
  if (status === 3) return 'receipt_refund_proof';
  if (status === 2) return t === TRANSACTION_TYPES.auth ? 'receipt_captured_proof' : 'receipt_partial_refund_proof';
  return 'receipt_payment_instructions';
}

/**
 * The receipt title for a payment of a status family. SPEC 4's title rule reads the card's codes
 * (2 captured or partly refunded, 3 refunded); a cash voucher's own codes mean something else
 * (SPEC 4 "Cash and cash-point: 3 declined, 0 and -1 pending, 1 completed, 2 paid"). So a completed
 * or paid voucher takes the status 1 title (payment proof). "Otherwise: payment instructions" is
 * for a payment still to be made: a declined one (paymentDisplayStatus, which reads the auth status
 * for Yappy, Nequi and crypto) is titled "payment declined", whatever the method. Payment
 * instructions are a voucher's: a card, Nequi, Yappy, Clave or crypto payment that is pending has
 * nothing for the payer to do but wait, and is titled "payment pending" (issue 21 "a pending card is
 * not titled Instrucciones de pago"). Other codes keep SPEC's rule.
 */
function receiptTitleKeyOf(family: StatusFamily, status: number, type: string | null | undefined, authStatus?: string | null): ReceiptTitleKey {
  const display = paymentDisplayStatus(family, status, authStatus);
  if (display === 'declined') return 'receipt_declined';
  if (family !== 'cash' && family !== 'cashPoint') return display === 'pending' ? 'receipt_pending' : receiptTitleKey(status, type);
  return display === 'completed' || display === 'paid' ? receiptTitleKey(1, type) : 'receipt_payment_instructions';
}

/** What a receipt says about its status: the method (its typeMethod, else the card brand), the code, the auth status. */
export interface ReceiptStatusFacts {
  status: number;
  authStatus?: string | null | undefined;
  typeMethod?: string | null | undefined;
  cardType?: string | null | undefined;
}

/** The status family of a receipt: its method, or for a card receipt without one, its brand. */
export function receiptStatusFamily(receipt: ReceiptStatusFacts): StatusFamily {
  return statusFamilyOf(receipt.typeMethod || receipt.cardType);
}

/** The status word of a receipt, the same on the receipt, the tx result and the return page. */
export function receiptDisplayStatus(receipt: ReceiptStatusFacts): DisplayStatus {
  return paymentDisplayStatus(receiptStatusFamily(receipt), receipt.status, receipt.authStatus);
}

/** The receipt's title key (receiptTitleKeyOf for the receipt's own family, code, type and auth status). */
export function receiptTitleKeyOfReceipt(receipt: ReceiptStatusFacts & { type?: string | null | undefined }): ReceiptTitleKey {
  return receiptTitleKeyOf(receiptStatusFamily(receipt), receipt.status, receipt.type, receipt.authStatus);
}

/**
 * The card number as the receipt shows it: the server's mask, except that SPEC 3 says "For
 * subscriptions only the last 4 card digits show".
 */
export function receiptCardNumber(displayNum: string | null | undefined, type: string | null | undefined): string {
  const shown = (displayNum ?? '').trim();
  if ((type ?? '').trim().toUpperCase() !== RECURRENT_TYPE) return shown;
  const digits = shown.replace(/\D/g, '');
  return digits.length >= 4 ? `•••• ${digits.slice(-4)}` : shown;
}
