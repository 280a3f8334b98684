import * as v from 'valibot';
import {
  centsToAmount, CryptoRefundSchema, CustomFieldAnswersSchema, type CustomFieldAnswer, merchantCancelReasonOf, refundCheck, type BookedDispute, type CaptureMethod, type CryptoRefund, type Currency, type MerchantCancelReason,
} from '@pasarela/core';
import { capturableCentsOfRow, captureMethodOfRow, capturedCentsOfRow, holdOf, totalPaidCentsOfRow } from './paymentHold';
import { merchantResultOf, type MerchantResult } from './merchantResultOf';

export interface TransactionFacts {
  cod_oper: string;
  /** Migration 090: its merchant's currency. */
  currency: Currency;
  method: string;
  status: number;
  auth_status: string;
  amount_cents: number;
  tax_cents: number;
  link_code: string | null;
  refund?: unknown;
  /** A webhook event's snapshot of a crypto payment's overpayment (migration 135); a row keeps it in details. */
  overpayment?: unknown;
  /** A transaction row's details, where a cancelled crypto payment keeps its refund and a called-off payment why. */
  details?: Record<string, unknown>;
  cancel_reason?: string | null;
  /** Migration 024; a row keeps it in details. */
  owed_to_payer?: unknown;
  refunded_cents?: number | null;
  /** Pending or made (core heldCentsOf); absent on an older snapshot: what was made. */
  held_cents?: number | null;
  /** The payment's disputes (core paymentMoney): an open one, or money one took, is not refundable. */
  disputes?: readonly BookedDispute[] | null;
  order_reference?: string | null;
  /** A webhook event's snapshot of the subscription a charge is of (migration 188); a row keeps it in details. */
  subscription_key?: string | null;
  metadata?: Record<string, string> | null;
  email?: string | null;
  payer_email?: string | null;
  payer_name?: string | null;
  card_brand?: string | null;
  card_last4?: string | null;
  phone?: string | null;
  campaign_cents?: number | null;
  /** Migration 060: a manual payment's hold (tx_type AUTH); absent on an older snapshot: automatic. */
  tx_type?: string | null;
  hold_state?: string | null;
  captured_cents?: number | null;
  capture_before?: Date | string | null;
  /** Migration 188: the payer's answers to the checkout's custom fields; absent (or null) on an older snapshot: none. */
  custom_field_values?: unknown;
}

export interface MerchantTransaction {
  codOper: string;
  method: string;
  result: MerchantResult;
  amount: number;
  taxAmount: number;
  linkCode: string | null;
  /** The link's order reference and metadata (docs/merchant-api.md); null and {} without. */
  orderReference: string | null;
  /** The subscription a charge is of (its first payment or a renewal); null for any other payment. */
  subscriptionKey: string | null;
  metadata: Record<string, string>;
  refundedAmount: number;
  /** The merchant's (USD or COP, issue 93): every amount of the transaction is in it. */
  currency: Currency;
  /** The campaign donation (0 without); totalPaid is amount, tax and donation. */
  donationAmount: number;
  totalPaid: number;
  /** 0 for a payment not approved, of a method with no way back, or while a dispute is open; of a manual payment, what was captured, less what was refunded and what a dispute took. */
  refundableAmount: number;
  /** The link's: manual payments are holds the merchant captures (POST /transactions/:codOper/capture) or voids. */
  captureMethod: CaptureMethod;
  /** False while a manual payment's hold is open, or released without capture. */
  captured: boolean;
  /** What may still be captured: the hold while it is open, else 0. */
  capturableAmount: number;
  /** While the hold is open: when it is released if not captured (HOLD_RELEASE_AFTER_MS). */
  captureBefore: string | null;
  /** As typed; null when not asked (a wallet push, a cash voucher without e-mail). */
  payer: { email: string | null; name: string | null };
  /** Never the number or CVC. */
  card: { brand: string; last4: string } | null;
  /** Masked to its last four digits (****1111). */
  walletPhone: string | null;
  /** What the payer answered to the custom fields the checkout asked (the link's and the merchant's), hidden ones' values included; [] when none were asked. */
  customFields: CustomFieldAnswer[];
  status: number;
  authStatus: string;
  /** Only on a cancelled crypto payment that had received coins. */
  refund?: CryptoRefund;
  /** Only on a crypto payment paid beyond its quote: the coins beyond it, the payer's, sent back to the address they came from (never out of your balance). */
  overpayment?: CryptoRefund;
  /** Only on a payment called off before it was paid. */
  cancelReason?: MerchantCancelReason;
  /** Only while money a gateway took for a called-off payment is not given back: dollars owed to the payer. */
  owedToPayer?: number;
}

const OwedSchema = v.object({ amountCents: v.number(), state: v.picklist(['giving_back', 'given_back', 'owed']) });

export function owedToPayerCentsOf(t: Pick<TransactionFacts, 'owed_to_payer' | 'details'>): number {
  const parsed = v.safeParse(OwedSchema, t.owed_to_payer ?? t.details?.['owedToPayer']);
  return parsed.success && parsed.output.state !== 'given_back' ? parsed.output.amountCents : 0;
}

function refundOf(t: TransactionFacts): CryptoRefund | null {
  const parsed = v.safeParse(CryptoRefundSchema, t.refund ?? t.details?.['refund']);
  return parsed.success ? parsed.output : null;
}

function overpaymentOf(t: TransactionFacts): CryptoRefund | null {
  const parsed = v.safeParse(CryptoRefundSchema, t.overpayment ?? t.details?.['overpayment']);
  return parsed.success ? parsed.output : null;
}

/** As the contract says it (core merchantCancelReasonOf): a cancel on the issuer's page is the payer's. */
function cancelReasonOf(t: TransactionFacts): MerchantCancelReason | null {
  if (t.auth_status !== 'CANCELLED') return null;
  return merchantCancelReasonOf(t.cancel_reason ?? t.details?.['cancelReason']);
}

export function maskedPhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length < 4 ? null : `****${digits.slice(-4)}`;
}

function customFieldsOf(t: Pick<TransactionFacts, 'custom_field_values'>): CustomFieldAnswer[] {
  const parsed = v.safeParse(CustomFieldAnswersSchema, t.custom_field_values);
  return parsed.success ? parsed.output : [];
}

function subscriptionKeyOf(t: TransactionFacts): string | null {
  const key = t.subscription_key ?? t.details?.['subscriptionKey'];
  return typeof key === 'string' && key !== '' ? key : null;
}

const orNull = (text: string | null | undefined) => (text === undefined || text === null || text.trim() === '' ? null : text);

/** The same shape in the verify call and a webhook's data, so a merchant can compare them. */
export function merchantTransactionOf(t: TransactionFacts): MerchantTransaction {
  const refund = refundOf(t);
  const overpayment = overpaymentOf(t);
  const cancelReason = cancelReasonOf(t);
  const owedCents = owedToPayerCentsOf(t);
  const donationCents = t.campaign_cents ?? 0;
  const hold = holdOf(t);
  const refundable = refundCheck({ method: t.method, status: t.status, authStatus: t.auth_status, paidCents: capturedCentsOfRow(t), heldCents: t.held_cents ?? t.refunded_cents ?? 0, disputes: t.disputes ?? [] }, undefined);
  const brand = orNull(t.card_brand);
  const last4 = orNull(t.card_last4);
  return {
    codOper: t.cod_oper,
    method: t.method,
    result: merchantResultOf({ method: t.method, status: t.status, authStatus: t.auth_status }),
    amount: centsToAmount(t.amount_cents),
    taxAmount: centsToAmount(t.tax_cents),
    linkCode: t.link_code,
    orderReference: t.order_reference ?? null,
    metadata: t.metadata ?? {},
    subscriptionKey: subscriptionKeyOf(t),
    refundedAmount: centsToAmount(t.refunded_cents ?? 0),
    currency: t.currency,
    donationAmount: centsToAmount(donationCents),
    // A hold captured in part took less than its price; one voided or expired took nothing (core totalPaidCentsOf).
    totalPaid: centsToAmount(totalPaidCentsOfRow(t)),
    refundableAmount: 'cents' in refundable ? centsToAmount(refundable.cents) : 0,
    captureMethod: captureMethodOfRow(t),
    captured: hold === null ? merchantResultOf({ method: t.method, status: t.status, authStatus: t.auth_status }) === 'APPROVED' : hold.state === 'captured',
    capturableAmount: centsToAmount(capturableCentsOfRow(t)),
    captureBefore: hold?.state === 'authorized' && t.capture_before ? new Date(t.capture_before).toISOString() : null,
    payer: { email: orNull(t.payer_email ?? t.email), name: orNull(t.payer_name) },
    card: t.method === 'card' && brand && last4 ? { brand, last4 } : null,
    walletPhone: t.method === 'nequi' || t.method === 'yappy' ? maskedPhone(t.phone) : null,
    customFields: customFieldsOf(t),
    status: t.status,
    authStatus: t.auth_status,
    ...(refund ? { refund } : {}),
    ...(overpayment ? { overpayment } : {}),
    ...(cancelReason ? { cancelReason } : {}),
    ...(owedCents > 0 ? { owedToPayer: centsToAmount(owedCents) } : {}),
  };
}
