import * as v from 'valibot';
import { NumberLike, optionalNumber, optionalText } from './schemaParts';
import { TRANSACTION_TYPES } from './constants';
import { MerchantBrandSchema } from './merchant';
import { CURRENCIES } from './currency';
import { CryptoRefundSchema } from './crypto';
import { paymentDisplayStatus, statusFamilyOf, type DisplayStatus, type StatusFamily } from './status';

const text = optionalText;

/** The payment that paid an order, as a payment called off for it names it (a receipt, a crypto payment's answer). */
export const PaidBySchema = v.object({ codOper: v.string(), method: v.string() });

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
  // ISO 4217 of totalPay and taxAmount; a server before issue 93 named none: dollars.
  currency: v.optional(v.picklist(CURRENCIES), 'USD'),
  email: text(),
  txType: text(),
  expirationDate: text(),
  phone: text(),
  concept: text(),
  descriptor: text(),
  isBlock: v.optional(v.nullable(v.boolean()), false),
  typeMethod: text(),
  reference: text(),
  taxAmount: optionalNumber(0),
  merchant: v.optional(v.nullable(v.object({ merchantName: text(), logo: text(), brand: v.optional(v.nullable(MerchantBrandSchema), null) })), null),
  txCtrl: v.optional(v.nullable(v.object({ completeName: text(), description: text() })), null),
  returnUrlString: text(),
  refund: v.optional(v.nullable(CryptoRefundSchema), null),
  /** A crypto payment's coins beyond its quote: the payer's, sent back to where they came from. */
  overpayment: v.optional(v.nullable(CryptoRefundSchema), null),
  /** What the merchant's refunds gave back (those that went through), in the receipt's currency. */
  refundedAmount: optionalNumber(0),
  network: text(),
  /** A payment called off because another payment paid its order: that one, whose receipt the payer is shown instead. */
  paidBy: v.optional(v.nullable(PaidBySchema), null),
  /** Called off by the payer from a checkout (the order opened in another browser, maybe), not refused (calledOffElsewhere): a page still waiting on it says so, neutrally. */
  calledOffByPayer: v.optional(v.boolean(), false),
  /**
   * A subscription's charge (or its card kept, charging nothing): its plan's amount and period code
   * (SPEC 9), and its next charge while active (ISO); `cancelled` once its merchant cancelled it.
   */
  subscription: v.optional(v.nullable(v.object({
    amount: NumberLike,
    period: v.string(),
    nextChargeAt: v.optional(v.nullable(v.string()), null),
    cancelled: v.optional(v.boolean(), false),
  })), null),
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

const RECURRENT_TYPE = 'RECURRENT';

/** A card payment's facts after its approval: a hold's capture, the refunds given back. */
interface CardPaymentAfter {
  status: number;
  txType: string;
  /** `captured` once the merchant captured a hold (then `capturedCents` is what was taken). */
  holdState: string | null;
  capturedCents: number;
  /** amount + tax + a donation with it: what an automatic payment took. */
  chargedCents: number;
  refundedCents: number;
}

/**
 * SPEC 4 "Card: -1 pending, 0 declined, 1 approved, 2 captured, 3 refunded" and "Status 3: refund
 * proof. Status 2 with non-AUTH type: partial refund proof. Status 2 with AUTH: captured proof": the
 * status a card payment's receipt shows, and what the payer paid (a captured hold: what it took).
 */
export function cardReceiptStatus(payment: CardPaymentAfter): { status: number; paidCents: number } {
  const hold = payment.txType === TRANSACTION_TYPES.auth;
  const paidCents = hold && payment.holdState === 'captured' ? payment.capturedCents : payment.chargedCents;
  if (payment.status !== 1) return { status: payment.status, paidCents };
  if (payment.refundedCents > 0 && payment.refundedCents >= paidCents) return { status: 3, paidCents };
  if (hold ? payment.holdState === 'captured' : payment.refundedCents > 0) return { status: 2, paidCents };
  return { status: 1, paidCents };
}

function receiptTitleKey(status: number, type: string | null | undefined): ReceiptTitleKey {
  const t = (type ?? '').trim().toUpperCase();
  if (status === 1) return t === RECURRENT_TYPE ? 'receipt_subscription_proof' : 'receipt_payment_proof';
  if (status === 3) return 'receipt_refund_proof';
  if (status === 2) return t === TRANSACTION_TYPES.auth ? 'receipt_captured_proof' : 'receipt_partial_refund_proof';
  return 'receipt_payment_instructions';
}

/**
 * A voucher's own codes mean something else, so a completed or paid one takes the status 1 title. A
 * declined payment is "payment declined" whatever the method; a pending card, Nequi, Yappy, Clave or
 * crypto payment has nothing to do but wait: "payment pending" (issue 21), not instructions.
 */
function receiptTitleKeyOf(family: StatusFamily, status: number, type: string | null | undefined, authStatus?: string | null): ReceiptTitleKey {
  const display = paymentDisplayStatus(family, status, authStatus);
  if (display === 'declined') return 'receipt_declined';
  if (family !== 'cash' && family !== 'cashPoint') return display === 'pending' ? 'receipt_pending' : receiptTitleKey(status, type);
  return display === 'completed' || display === 'paid' ? receiptTitleKey(1, type) : 'receipt_payment_instructions';
}

export interface ReceiptStatusFacts {
  status: number;
  authStatus?: string | null | undefined;
  typeMethod?: string | null | undefined;
  cardType?: string | null | undefined;
}

export function receiptStatusFamily(receipt: ReceiptStatusFacts): StatusFamily {
  return statusFamilyOf(receipt.typeMethod || receipt.cardType);
}

export function receiptDisplayStatus(receipt: ReceiptStatusFacts): DisplayStatus {
  return paymentDisplayStatus(receiptStatusFamily(receipt), receipt.status, receipt.authStatus);
}

/**
 * Issue 89: a manual-capture card payment (type AUTH) approved and not yet captured is a hold: the
 * amount is reserved on the card and nothing is taken until the shop captures (maybe less) or voids
 * it. SPEC's status 1 (the shop's result and notifications say APPROVED); its receipt says held.
 * Captured it is status 2, voided or lapsed status 0.
 */
export function receiptIsHold(receipt: ReceiptStatusFacts & { type?: string | null | undefined }): boolean {
  return receipt.status === 1 && receiptStatusFamily(receipt) === 'card' && (receipt.type ?? '').trim().toUpperCase() === TRANSACTION_TYPES.auth;
}

/**
 * The badge over a receipt: its display status, but a partial refund (SPEC's status 2 of a payment
 * that was no hold, its title "partial refund proof") says so, not "captured", and a hold not yet
 * captured says held, not "approved".
 */
export function receiptBadgeKey(receipt: ReceiptStatusFacts & { type?: string | null | undefined }): `status_${DisplayStatus}` | 'status_partially_refunded' | 'status_held' {
  if (receiptIsHold(receipt)) return 'status_held';
  return receiptTitleKeyOfReceipt(receipt) === 'receipt_partial_refund_proof' ? 'status_partially_refunded' : `status_${receiptDisplayStatus(receipt)}`;
}

export function receiptTitleKeyOfReceipt(receipt: ReceiptStatusFacts & { type?: string | null | undefined }): ReceiptTitleKey {
  return receiptTitleKeyOf(receiptStatusFamily(receipt), receipt.status, receipt.type, receipt.authStatus);
}

export function receiptCardNumber(displayNum: string | null | undefined, type: string | null | undefined): string {
  const shown = (displayNum ?? '').trim();
  if ((type ?? '').trim().toUpperCase() !== RECURRENT_TYPE) return shown;
  const digits = shown.replace(/\D/g, '');
  return digits.length >= 4 ? `•••• ${digits.slice(-4)}` : shown;
}
